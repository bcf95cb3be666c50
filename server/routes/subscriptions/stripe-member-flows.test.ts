import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Stripe from 'stripe';
import { type Client, type TestServer, startTestServer } from '../../test/harness';
import { signedInClient } from '../../test/factories';
import { startFakeStripe } from '../../test/fake-stripe';

type Json = Record<string, unknown>;
interface Billing {
  subscription: {
    tier: string; status: string; renewsAt: string | null; endsAt: string | null; cancelAtPeriodEnd: boolean; pendingTier: string | null;
    paymentMethod: { brand: string; last4: string } | null;
  };
  invoices: { reason: string; amount: string; status: string }[];
}
const WEBHOOK_SECRET = 'whsec_test_schedules';
const signer = new Stripe('sk_test_fake');

describe('Stripe from the member app: a cheaper plan from the next period (a subscription schedule), and paying a failed renewal', () => {
  let server: TestServer;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  before(async () => {
    stripe = await startFakeStripe();
    server = await startTestServer({ stripe: { secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url } });
  });
  after(async () => {
    await server.close();
    await stripe.close();
  });

  let n = 0;
  /** A webhook as Stripe sends it: the object as the API has it now, signed with the endpoint's secret. */
  async function webhook(type: string, object: unknown, created: number) {
    const payload = JSON.stringify({ id: `evt_sched_${++n}`, object: 'event', type, api_version: '2026-10-28.endive', created, data: { object } });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await fetch(`${server.url}/api/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header }, body: payload });
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()) as Json;
  }

  async function subscribed(tier: 'premium' | 'elite') {
    const member = await signedInClient(server, { tier: 'tryme' });
    const setup = (await (await member.client.post(`/api/subscriptions/${member.user.id}`, { tier })).json()) as { paymentIntentId: string; subscriptionId: string };
    stripe.paySubscription(setup.subscriptionId);
    assert.equal((await member.client.post(`/api/subscriptions/${member.user.id}/complete`, { tier, paymentIntentId: setup.paymentIntentId })).status, 200);
    return { ...member, subId: setup.subscriptionId };
  }
  const eliteMember = () => subscribed('elite');
  const billing = async (client: Client, userId: number) => (await (await client.get(`/api/subscriptions/${userId}/current`)).json()) as Billing;
  const tierOf = async (client: Client) => ((await (await client.get('/api/auth/user')).json()) as Json).subscriptionTier;
  const scheduleOf = (subId: string) => {
    const id = stripe.subscriptions.get(subId)?.schedule;
    return id ? stripe.schedules.get(id) : undefined;
  };
  const priceKey = (priceId: string) => stripe.prices.find((p) => p.id === priceId)?.lookup_key;

  test('downgrade: scheduled, pending in Settings → Plan, cancellable; cancelling or Tryme release it first', async () => {
    const { client, user, subId } = await eliteMember();
    const renewsAt = (await billing(client, user.id)).subscription.renewsAt;

    const down = await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'premium' });
    assert.equal(down.status, 200, await down.clone().text());
    const body = (await down.json()) as Json & Billing;
    assert.equal(body.effective, 'period_end');
    assert.deepEqual([body.subscription.tier, body.subscription.pendingTier, body.subscription.renewsAt], ['elite', 'premium', renewsAt], 'Elite until the renewal, then Premium');
    const schedule = scheduleOf(subId);
    assert.ok(schedule, 'a schedule holds the subscription');
    assert.equal(schedule.end_behavior, 'release');
    assert.deepEqual(schedule.phases.map((p) => [priceKey(p.items[0].price), p.metadata.tier]), [['saathi_elite_monthly', 'elite'], ['saathi_premium_monthly', 'premium']]);
    const sub = stripe.subscriptions.get(subId);
    assert.equal(schedule.phases[0].end_date, sub?.items.data[0].current_period_end, 'the current phase runs to the period end');
    assert.equal(schedule.phases[1].start_date, schedule.phases[0].end_date, 'the cheaper price starts with the next period');
    assert.equal(sub?.items.data[0].price.lookup_key, 'saathi_elite_monthly', 'nothing changes now');
    assert.equal(await tierOf(client), 'elite');
    assert.equal((await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'premium' })).status, 409, 'already pending');

    // Keeping Elite cancels the pending switch: the schedule is released, the subscription goes on as it was.
    const keep = (await (await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'elite' })).json()) as Billing;
    assert.equal(keep.subscription.pendingTier, null);
    assert.equal(stripe.schedules.get(schedule.id)?.status, 'released');
    assert.equal(stripe.subscriptions.get(subId)?.schedule, null);

    // Cancelling at period end drops a pending switch (Stripe refuses a direct cancellation on a scheduled subscription).
    await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'premium' });
    const cancel = await client.post(`/api/subscriptions/${user.id}/cancel`);
    assert.equal(cancel.status, 200, await cancel.clone().text());
    assert.deepEqual([(await cancel.json() as Billing).subscription.pendingTier, stripe.subscriptions.get(subId)?.cancel_at_period_end], [null, true]);
    // Choosing the cheaper plan while ending undoes the end: the subscription goes on, at Premium from the renewal.
    const again = (await (await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'premium' })).json()) as Billing;
    assert.deepEqual([again.subscription.cancelAtPeriodEnd, again.subscription.pendingTier], [false, 'premium']);
    assert.equal(stripe.subscriptions.get(subId)?.cancel_at_period_end, false);

    // Tryme while a switch is pending: the schedule is released and the subscription cancels at the period end.
    const tryme = (await (await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'tryme' })).json()) as Billing;
    assert.deepEqual([tryme.subscription.cancelAtPeriodEnd, tryme.subscription.pendingTier, tryme.subscription.endsAt !== null], [true, null, true], 'Tryme is a cancellation at the period end');
    assert.equal(stripe.subscriptions.get(subId)?.schedule, null);
  });

  test("an upgrade's answer says what the proration invoice charged now", async () => {
    const { client, user, subId } = await subscribed('premium');
    // Half-way through the period, so the difference is prorated.
    const item = stripe.subscriptions.get(subId)?.items.data[0];
    assert.ok(item);
    const span = item.current_period_end - item.current_period_start;
    item.current_period_start -= Math.floor(span / 2);
    item.current_period_end -= Math.floor(span / 2);
    const up = await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'elite' });
    assert.equal(up.status, 200, await up.clone().text());
    const body = (await up.json()) as Json & Billing;
    const invoiceId = stripe.subscriptions.get(subId)?.latest_invoice;
    assert.ok(invoiceId);
    const charged = body.charged as { amount: string; currency: string; invoiceId: string };
    assert.deepEqual([charged.invoiceId, charged.currency], [invoiceId, 'usd']);
    assert.ok(Math.abs(Number(charged.amount) - 7.5) < 0.05, `about half of the 15.00 difference, got ${charged.amount}`);
    assert.equal(body.amountCents, Math.round(Number(charged.amount) * 100));
    assert.equal(body.effective, 'now');
  });

  test('a declined upgrade changes nothing at Stripe or in Saathi: an end scheduled for the period end stays scheduled', async () => {
    const { client, user, subId } = await subscribed('premium');
    assert.equal((await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'tryme' })).status, 200);
    const before = await billing(client, user.id);
    assert.ok(before.subscription.endsAt);
    stripe.declineCharges(subId);
    const up = await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'elite' });
    assert.equal(up.status, 402);
    assert.match(((await up.json()) as { message: string }).message, /ending in 4242 was declined, so nothing has changed: you are still on Premium, and it still ends on /);
    assert.deepEqual(await billing(client, user.id), before);
    const sub = stripe.subscriptions.get(subId);
    assert.deepEqual([sub?.items.data[0].price.lookup_key, sub?.cancel_at_period_end], ['saathi_premium_monthly', true], 'nothing applied at Stripe');
    assert.equal(await tierOf(client), 'premium');
  });

  test('a declined upgrade keeps a switch scheduled at Stripe itself for the renewal (the schedule released for the upgrade is made again)', async () => {
    const { client, user, subId } = await subscribed('premium');
    // A switch to Elite at the renewal, scheduled in the Stripe Dashboard, shown from its webhook.
    const created = Math.floor(Date.now() / 1000) + 5;
    const made = (await (await fetch(`${stripe.url}/v1/subscription_schedules`, { method: 'POST', body: new URLSearchParams({ from_subscription: subId }) })).json()) as { id: string };
    const phase = stripe.schedules.get(made.id)?.phases[0];
    assert.ok(phase);
    // The Elite Price as Saathi makes it (by lookup key), unless an earlier test made it already.
    const eliteId =
      stripe.prices.find((p) => p.lookup_key === 'saathi_elite_monthly')?.id ??
      ((await (await fetch(`${stripe.url}/v1/prices`, { method: 'POST', body: new URLSearchParams({ product: 'prod_elite', unit_amount: '2999', currency: 'usd', 'recurring[interval]': 'month', lookup_key: 'saathi_elite_monthly' }) })).json()) as { id: string }).id;
    const update = new URLSearchParams({
      'phases[0][items][0][price]': phase.items[0].price, 'phases[0][start_date]': String(phase.start_date), 'phases[0][end_date]': String(phase.end_date),
      'phases[1][items][0][price]': eliteId, 'phases[1][duration][interval]': 'month', 'phases[1][metadata][tier]': 'elite',
    });
    assert.equal((await fetch(`${stripe.url}/v1/subscription_schedules/${made.id}`, { method: 'POST', body: update })).status, 200);
    await webhook('subscription_schedule.updated', stripe.schedules.get(made.id), created);
    const before = await billing(client, user.id);
    assert.equal(before.subscription.pendingTier, 'elite');

    stripe.declineCharges(subId);
    const up = await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'elite' });
    assert.equal(up.status, 402);
    assert.match(((await up.json()) as { message: string }).message, /you are still on Premium, and it still switches to Elite on /);
    assert.deepEqual(await billing(client, user.id), before, 'the switch is still pending in Saathi');
    const schedule = scheduleOf(subId);
    assert.ok(schedule, 'and scheduled at Stripe');
    assert.deepEqual(schedule.phases.map((p) => priceKey(p.items[0].price)), ['saathi_premium_monthly', 'saathi_elite_monthly']);
    assert.equal(stripe.subscriptions.get(subId)?.items.data[0].price.lookup_key, 'saathi_premium_monthly');
  });

  test('the renewal moves to the cheaper price through the webhooks; the schedule then releases', async () => {
    const { client, user, subId } = await eliteMember();
    assert.equal((await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'premium' })).status, 200);
    const scheduleId = stripe.subscriptions.get(subId)?.schedule as string;
    const pendingSnapshot = structuredClone(stripe.schedules.get(scheduleId));

    // A month later Stripe enters the schedule's second phase and invoices the new period at Premium.
    const renewal = stripe.renew(subId);
    const at = renewal.subscription.items.data[0].current_period_start;
    assert.equal(renewal.subscription.items.data[0].price.lookup_key, 'saathi_premium_monthly');
    await webhook('customer.subscription.updated', renewal.subscription, at);
    await webhook('invoice.paid', renewal.invoice, at);
    await webhook('subscription_schedule.updated', stripe.schedules.get(scheduleId), at);
    let b = await billing(client, user.id);
    assert.deepEqual([b.subscription.tier, b.subscription.pendingTier, b.subscription.status], ['premium', null, 'active']);
    assert.deepEqual([b.invoices[0].reason, b.invoices[0].amount, b.invoices[0].status], ['subscription_cycle', '14.99', 'paid']);
    assert.equal(await tierOf(client), 'premium');

    // Delivered late: the schedule as it was before the renewal changes nothing.
    const late = await webhook('subscription_schedule.updated', pendingSnapshot, at - 86_400);
    assert.equal(late.applied, false);
    assert.equal((await billing(client, user.id)).subscription.pendingTier, null);

    // The next renewal ends the schedule's last phase: released, and the subscription renews at Premium unscheduled.
    const next = stripe.renew(subId);
    const at2 = next.subscription.items.data[0].current_period_start;
    assert.equal(stripe.schedules.get(scheduleId)?.status, 'released');
    assert.equal(next.subscription.schedule, null);
    await webhook('subscription_schedule.released', stripe.schedules.get(scheduleId), at2);
    await webhook('customer.subscription.updated', next.subscription, at2);
    await webhook('invoice.paid', next.invoice, at2);
    b = await billing(client, user.id);
    assert.deepEqual([b.subscription.tier, b.subscription.pendingTier, b.invoices[0].amount], ['premium', null, '14.99']);
  });

  test('a switch scheduled at Stripe itself (the Dashboard) shows as pending from its webhook, and its release clears it', async () => {
    const { client, user, subId } = await eliteMember();
    const created = Math.floor(Date.now() / 1000) + 5;
    const schedule = stripe.schedules.get(
      ((await (await fetch(`${stripe.url}/v1/subscription_schedules`, { method: 'POST', body: new URLSearchParams({ from_subscription: subId }) })).json()) as { id: string }).id,
    );
    assert.ok(schedule);
    const premium = stripe.prices.find((p) => p.lookup_key === 'saathi_premium_monthly');
    assert.ok(premium, 'the Premium price exists');
    const phase = schedule.phases[0];
    const update = new URLSearchParams({
      'phases[0][items][0][price]': phase.items[0].price, 'phases[0][start_date]': String(phase.start_date), 'phases[0][end_date]': String(phase.end_date),
      'phases[1][items][0][price]': premium.id, 'phases[1][duration][interval]': 'month',
    });
    assert.equal((await fetch(`${stripe.url}/v1/subscription_schedules/${schedule.id}`, { method: 'POST', body: update })).status, 200);
    await webhook('subscription_schedule.updated', stripe.schedules.get(schedule.id), created);
    assert.equal((await billing(client, user.id)).subscription.pendingTier, 'premium', "read from the phase's Price when it carries no tier");
    await fetch(`${stripe.url}/v1/subscription_schedules/${schedule.id}/release`, { method: 'POST' });
    await webhook('subscription_schedule.released', stripe.schedules.get(schedule.id), created + 1);
    assert.equal((await billing(client, user.id)).subscription.pendingTier, null);
  });

  test('past due: the member pays the open renewal invoice in the app (its PaymentIntent, confirmed with a new card); the webhooks restore the plan', async () => {
    const { client, user, subId } = await eliteMember();
    assert.deepEqual((await billing(client, user.id)).subscription.paymentMethod, { brand: 'Visa', last4: '4242' }, 'the card the first payment saved, read from Stripe');
    assert.equal((await client.post(`/api/subscriptions/${user.id}/pay`, {})).status, 409, 'nothing is due yet');
    const declined = stripe.renew(subId, { declines: true });
    const at = declined.subscription.items.data[0].current_period_start;
    await webhook('customer.subscription.updated', declined.subscription, at);
    await webhook('invoice.payment_failed', declined.invoice, at);
    assert.equal((await billing(client, user.id)).subscription.status, 'past_due');

    const pay = await client.post(`/api/subscriptions/${user.id}/pay`, {});
    assert.equal(pay.status, 200, await pay.clone().text());
    const intent = (await pay.json()) as { provider: string; clientSecret: string; paymentIntentId: string; amount: string; invoiceId: string };
    const pi = stripe.intents.get(intent.paymentIntentId);
    assert.ok(pi, "the open invoice's own PaymentIntent");
    assert.deepEqual([intent.provider, intent.invoiceId, intent.amount, intent.clientSecret], ['stripe', declined.invoice.id, '29.99', pi.client_secret]);
    const other = await signedInClient(server);
    assert.equal((await other.client.post(`/api/subscriptions/${user.id}/pay`, {})).status, 403, "another member's invoice");

    // The browser confirms that PaymentIntent with the new card (Stripe.js); Stripe then sends the webhooks.
    stripe.succeed(intent.paymentIntentId, { brand: 'mastercard', last4: '4444' });
    const later = at + 3600;
    await webhook('invoice.paid', stripe.invoiceNow(declined.invoice.id), later);
    await webhook('customer.subscription.updated', structuredClone(stripe.subscriptions.get(subId)), later);
    const b = await billing(client, user.id);
    assert.deepEqual([b.subscription.status, b.invoices[0].status, b.invoices[0].amount], ['active', 'paid', '29.99']);
    assert.deepEqual(b.subscription.paymentMethod, { brand: 'Mastercard', last4: '4444' }, 'the new card, named by id in the webhook and read from Stripe');
    assert.equal(await tierOf(client), 'elite');
    assert.equal((await client.post(`/api/subscriptions/${user.id}/pay`, {})).status, 409, 'paid: nothing is due any more');
  });
});
