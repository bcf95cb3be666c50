import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DAY_MS, addMonth, addMonths, addToBillingClock, billingNow } from '../../services/billing/clock';
import { runDemoRenewals } from '../../services/billing/demo';
import { applyBillingEvent } from '../../services/billing/events';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { signedInClient } from '../../test/factories';

type Json = Record<string, unknown>;
interface Billing {
  subscription: null | {
    tier: string; status: string; price: string; renewsAt: string | null; endsAt: string | null; currentPeriodEnd: string; cancelAtPeriodEnd: boolean;
    pendingTier: string | null; graceUntil: string | null; paymentMethod: { brand: string; last4: string } | null;
  };
  invoices: { id: string; tier: string; reason: string; amount: string; status: string; paidAt: string | null }[];
}

const GOOD_CARD = '4242 4242 4242 4242';
const FAILS_ON_RENEWAL = '4000 0000 0000 0341';

describe('subscriptions with the demo provider (renewals on the simulated clock)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.close();
  });

  const advance = async (days: number) => {
    await addToBillingClock(server.db, days * DAY_MS);
    return runDemoRenewals(server.services);
  };

  async function subscribe(tier: 'premium' | 'elite', card = GOOD_CARD) {
    const member = await signedInClient(server, { tier: 'tryme' });
    const { client, user } = member;
    const setup = await client.post(`/api/subscriptions/${user.id}`, { tier });
    assert.equal(setup.status, 201);
    const { clientSecret, paymentIntentId } = (await setup.json()) as { clientSecret: string; paymentIntentId: string };
    const pending = (await (await client.get(`/api/subscriptions/${user.id}/current`)).json()) as Billing;
    assert.equal(pending.subscription?.status, 'incomplete', 'default_incomplete until the first invoice is paid');
    assert.equal(((await (await client.get('/api/auth/user')).json()) as Json).subscriptionTier, 'tryme');
    const confirm = await client.post(`/api/payments/demo/${paymentIntentId}/confirm`, { clientSecret, cardNumber: card, expiry: '12/30', cvc: '123', name: 'Test Member' });
    assert.equal(confirm.status, 200);
    const done = await client.post(`/api/subscriptions/${user.id}/complete`, { tier, paymentIntentId });
    assert.equal(done.status, 200);
    return member;
  }

  const billing = async (client: Client, userId: number) => (await (await client.get(`/api/subscriptions/${userId}/current`)).json()) as Billing;
  const tierOf = async (client: Client) => ((await (await client.get('/api/auth/user')).json()) as Json).subscriptionTier;

  test('create → confirm → active; a month later it renews and a receipt is mailed for each paid invoice', async () => {
    const { client, user } = await subscribe('premium');
    const start = await billingNow(server.db);
    let b = await billing(client, user.id);
    assert.equal(b.subscription?.status, 'active');
    assert.equal(b.subscription?.price, '14.99');
    assert.deepEqual(b.subscription?.paymentMethod, { brand: 'Visa', last4: '4242' });
    const firstEnd = Date.parse(b.subscription?.renewsAt as string);
    assert.ok(Math.abs(firstEnd - addMonth(start)) < 60_000, 'renews one calendar month after the start');
    assert.deepEqual(b.invoices.map((i) => [i.reason, i.amount, i.status]), [['subscription_create', '14.99', 'paid']]);
    assert.equal(await tierOf(client), 'premium');

    // Periods are anchored to the start day, as Stripe's: 31 Jan → 28 Feb → 31 Mar.
    const anchor = Number((await server.db('invoices').where({ userId: user.id, reason: 'subscription_create' }).first()).periodStart);
    assert.equal(firstEnd, addMonths(anchor, 1));
    await advance(31);
    b = await billing(client, user.id);
    assert.equal(b.subscription?.status, 'active');
    const secondEnd = addMonths(anchor, 2);
    assert.equal(Date.parse(b.subscription?.renewsAt as string), secondEnd, 'the next period follows the paid one, on the start day');
    assert.deepEqual(b.invoices.map((i) => [i.reason, i.amount, i.status]), [['subscription_cycle', '14.99', 'paid'], ['subscription_create', '14.99', 'paid']]);
    const me = (await (await client.get('/api/auth/user')).json()) as Json;
    assert.equal(me.subscriptionTier, 'premium');
    assert.equal(Date.parse(me.subscriptionEnds as string), secondEnd);
    const receipts = await server.db('email_outbox').where({ toEmail: user.email }).where('subject', 'like', 'Your Saathi receipt%');
    assert.equal(receipts.length, 2);
    assert.match(receipts[0].bodyText, /14\.99 USD/);
    assert.equal(await advance(1), 0, 'nothing more is due a day later');

    // Each paid demo invoice has a receipt page for its member only.
    const receipt = await client.get((b.invoices[0] as unknown as { receiptUrl: string }).receiptUrl);
    assert.equal(receipt.status, 200);
    const html = await receipt.text();
    assert.match(html, /14\.99 USD/);
    assert.match(html, /no card was charged/);
    assert.match(html, /<html lang="en">.*<th scope="row">Billed to<\/th>/s);
    // A member reading Saathi in Hindi gets the receipt's words and dates in Hindi; the amount and the names as they are.
    await server.db('users').where({ id: user.id }).update({ language: 'hi' });
    const hindi = await (await client.get((b.invoices[0] as unknown as { receiptUrl: string }).receiptUrl)).text();
    assert.match(hindi, /<html lang="hi">/);
    for (const expected of ['<title>Saathi रसीद</title>', 'कार्ड से कोई राशि नहीं ली गई', '>रसीद संख्या<', '>किसके नाम<', '>प्लान<', '(मासिक)', '>अवधि<', ' तक<', '>भुगतान की तारीख<', '>राशि<', '14.99 USD', user.fullName]) {
      assert.ok(hindi.includes(expected), `missing ${expected} in ${hindi}`);
    }
    // Dates as Hindi writes them ("7 जन॰ 2027 से 7 फ़र॰ 2027 तक"), not "Thu, 07 Jan 2027".
    assert.match(hindi, /<td>\d{1,2} [^\x00-\x7F]+ \d{4} से \d{1,2} [^\x00-\x7F]+ \d{4} तक<\/td>/);
    assert.doesNotMatch(hindi, /Billed to|Period|Amount|no card was charged|monthly/);
    const other = await signedInClient(server);
    assert.equal((await other.client.get((b.invoices[0] as unknown as { receiptUrl: string }).receiptUrl)).status, 403);
    assert.equal((await client.get(`/api/subscriptions/${user.id}/invoices/demo_in_nope/receipt`)).status, 404);
  });

  test('a card that declines on renewal: past due with a grace period, told in-app and by email, then back to Tryme', async () => {
    const { client, user } = await subscribe('elite', FAILS_ON_RENEWAL);
    assert.equal((await billing(client, user.id)).subscription?.paymentMethod?.last4, '0341');
    await advance(31);
    let b = await billing(client, user.id);
    assert.equal(b.subscription?.status, 'past_due');
    assert.ok(b.subscription?.graceUntil);
    assert.equal(b.invoices[0].status, 'open');
    assert.equal(await tierOf(client), 'elite', 'access is kept through the grace period');
    const notes = await server.db('notifications').where({ userId: user.id, title: 'Your renewal payment failed' });
    assert.equal(notes.length, 1);
    assert.equal((await server.db('email_outbox').where({ toEmail: user.email, subject: 'Saathi: your renewal payment failed' })).length, 1);
    assert.equal((await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'premium' })).status, 409, 'no plan change while a payment is due');
    const card = { expiry: '12/30', cvc: '123', name: 'Test Member' };
    const declined = await client.post(`/api/subscriptions/${user.id}/pay`, { ...card, cardNumber: FAILS_ON_RENEWAL });
    assert.equal(declined.status, 402, 'the same failing card is declined again');
    assert.equal((await billing(client, user.id)).subscription?.status, 'past_due', 'and nothing changed');
    assert.equal((await client.post(`/api/subscriptions/${user.id}/pay`, { ...card, cardNumber: '1234' })).status, 400);

    await advance(8);
    b = await billing(client, user.id);
    assert.equal(b.subscription?.status, 'canceled');
    assert.equal(await tierOf(client), 'tryme');
    assert.equal((await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'elite' })).status, 409, 'a canceled subscription cannot be changed');
    assert.equal((await client.post(`/api/subscriptions/${user.id}/resume`)).status, 409);
  });

  test('a past-due member pays with another card: the open renewal is paid and the plan renews as usual', async () => {
    const { client, user } = await subscribe('premium', FAILS_ON_RENEWAL);
    assert.equal((await client.post(`/api/subscriptions/${user.id}/pay`, { cardNumber: GOOD_CARD, expiry: '12/30', cvc: '123', name: 'Test Member' })).status, 409, 'nothing due yet');
    await advance(31);
    const paid = await client.post(`/api/subscriptions/${user.id}/pay`, { cardNumber: '5555 5555 5555 4444', expiry: '12/30', cvc: '123', name: 'Test Member' });
    assert.equal(paid.status, 200);
    const b = (await paid.json()) as Billing;
    assert.equal(b.subscription?.status, 'active');
    assert.equal(b.subscription?.graceUntil, null);
    assert.deepEqual(b.subscription?.paymentMethod, { brand: 'Mastercard', last4: '4444' });
    assert.deepEqual([b.invoices[0].reason, b.invoices[0].status], ['subscription_cycle', 'paid']);
    await advance(10);
    assert.equal(await tierOf(client), 'premium', 'still premium after the grace period would have ended');
    await advance(25);
    const later = await billing(client, user.id);
    assert.deepEqual([later.subscription?.status, later.invoices[0].status, later.invoices.length], ['active', 'paid', 3], 'the next renewal is charged to the new card');
  });

  test('upgrade now with proration; downgrade waits for the period end', async () => {
    const { client, user } = await subscribe('premium');
    await addToBillingClock(server.db, 10 * DAY_MS);
    const before = await billing(client, user.id);
    const sub = await server.db('subscriptions').where({ userId: user.id }).first();
    const now = await billingNow(server.db);
    const up = await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'elite' });
    assert.equal(up.status, 200);
    const upBody = (await up.json()) as Json & Billing;
    const expected = Math.round((2999 - 1499) * ((Number(sub.currentPeriodEnd) - now) / (Number(sub.currentPeriodEnd) - Number(sub.currentPeriodStart))));
    assert.ok(Math.abs((upBody.amountCents as number) - expected) <= 1, `prorated ${upBody.amountCents} ≈ ${expected}`);
    assert.equal(upBody.subscription?.tier, 'elite');
    assert.equal(upBody.subscription?.renewsAt, before.subscription?.renewsAt, 'the renewal date stays');
    assert.equal(upBody.invoices[0].reason, 'subscription_update');
    assert.equal(await tierOf(client), 'elite');

    const down = (await (await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'premium' })).json()) as Json & Billing;
    assert.equal(down.effective, 'period_end');
    assert.equal(down.subscription?.tier, 'elite');
    assert.equal(down.subscription?.pendingTier, 'premium');
    assert.equal(await tierOf(client), 'elite', 'paid-for elite is kept until the period ends');
    await advance(25);
    const after = await billing(client, user.id);
    assert.equal(after.subscription?.tier, 'premium');
    assert.equal(after.subscription?.pendingTier, null);
    assert.deepEqual([after.invoices[0].reason, after.invoices[0].amount], ['subscription_cycle', '14.99']);
    assert.equal(await tierOf(client), 'premium');
    assert.equal((await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'premium' })).status, 409, 'already on this plan');
    assert.equal((await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'gold' })).status, 400);
  });

  test('the answer to an upgrade says what was charged now: the prorated invoice, in the invoice list too', async () => {
    const { client, user } = await subscribe('premium');
    await addToBillingClock(server.db, 15 * DAY_MS);
    const up = await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'elite' });
    assert.equal(up.status, 200);
    const body = (await up.json()) as Json & Billing;
    const invoice = body.invoices[0];
    assert.equal(invoice.reason, 'subscription_update');
    assert.ok(Number(invoice.amount) > 0 && Number(invoice.amount) < 15, `a part of the 15.00 difference, got ${invoice.amount}`);
    assert.deepEqual(body.charged, { amount: invoice.amount, currency: 'usd', invoiceId: invoice.id });
  });

  test('a declined upgrade changes nothing: a move to Tryme scheduled for the period end is still scheduled', async () => {
    const { client, user } = await subscribe('premium', FAILS_ON_RENEWAL);
    assert.equal((await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'tryme' })).status, 200);
    const before = await billing(client, user.id);
    assert.ok(before.subscription?.endsAt, 'ends at the period end');
    const up = await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'elite' });
    assert.equal(up.status, 402);
    const { message } = (await up.json()) as { message: string };
    assert.match(message, /declined/);
    assert.match(message, /still on Premium/);
    assert.deepEqual(await billing(client, user.id), before, 'plan, scheduled end and invoices as they were');
    assert.equal(await tierOf(client), 'premium');
  });

  test('cancel at period end, resume, cancel again: the plan runs to the end, then Tryme; no further charge', async () => {
    const { client, user } = await subscribe('premium');
    const cancel = (await (await client.post(`/api/subscriptions/${user.id}/cancel`)).json()) as Billing;
    assert.equal(cancel.subscription?.cancelAtPeriodEnd, true);
    assert.equal(cancel.subscription?.renewsAt, null);
    assert.equal(cancel.subscription?.endsAt, cancel.subscription?.currentPeriodEnd);
    assert.equal((await client.post(`/api/subscriptions/${user.id}/cancel`)).status, 409, 'already ending');
    const resumed = (await (await client.post(`/api/subscriptions/${user.id}/resume`)).json()) as Billing;
    assert.equal(resumed.subscription?.renewsAt, resumed.subscription?.currentPeriodEnd);
    assert.equal((await client.post(`/api/subscriptions/${user.id}/resume`)).status, 409, 'nothing to resume');
    await client.post(`/api/subscriptions/${user.id}/cancel`);
    await advance(20);
    assert.equal(await tierOf(client), 'premium');
    await advance(12);
    const b = await billing(client, user.id);
    assert.equal(b.subscription?.status, 'canceled');
    assert.equal(b.invoices.length, 1, 'no renewal charge after a cancellation');
    assert.equal(await tierOf(client), 'tryme');
    // Subscribing again after the end starts a new subscription.
    assert.equal((await client.post(`/api/subscriptions/${user.id}`, { tier: 'elite' })).status, 201);
  });

  test('a member with a subscription changes plan instead of starting a second one; Tryme waits for the period end', async () => {
    const { client, user } = await subscribe('premium');
    const again = await client.post(`/api/subscriptions/${user.id}`, { tier: 'elite' });
    assert.equal(again.status, 409);
    assert.match(((await again.json()) as Json).message as string, /Settings → Plan\./);
    const tryme = (await (await client.post(`/api/subscriptions/${user.id}`, { tier: 'tryme' })).json()) as Json;
    assert.equal(tryme.effective, 'period_end');
    assert.equal(await tierOf(client), 'premium');
    assert.equal((await billing(client, user.id)).subscription?.cancelAtPeriodEnd, true);
  });

  test("a first-500 member's free Premium year is kept under an Elite subscription and comes back when it ends", async () => {
    const { client, user } = await subscribe('elite');
    await server.db('users').where({ id: user.id }).update({ registrationNumber: 1, createdAt: await billingNow(server.db) });
    await client.post(`/api/subscriptions/${user.id}/cancel`);
    assert.equal(await tierOf(client), 'elite');
    await advance(32);
    assert.equal((await billing(client, user.id)).subscription?.status, 'canceled');
    const me = (await (await client.get('/api/auth/user')).json()) as Json;
    assert.equal(me.subscriptionTier, 'premium', 'back to the free year, not Tryme');
    assert.ok(Date.parse(me.subscriptionEnds as string) > (await billingNow(server.db)) + 300 * DAY_MS);
  });

  test('account deletion ends the subscription at once', async () => {
    const { client, user, password } = await subscribe('premium');
    assert.equal((await client.post('/api/user/delete', { password })).status, 200);
    const sub = await server.db('subscriptions').where({ userId: user.id }).first();
    assert.equal(sub.status, 'canceled');
    await advance(40);
    assert.equal((await server.db('invoices').where({ subscriptionId: sub.id })).length, 1, 'never charged again');
  });

  test('events are applied once, and a late older state changes nothing', async () => {
    const { client, user } = await subscribe('premium');
    const row = await server.db('subscriptions').where({ userId: user.id }).first();
    const state = {
      id: row.providerSubscriptionId, customerId: null, userId: user.id, status: 'active' as const, tier: 'premium' as const,
      currentPeriodStart: Number(row.currentPeriodStart), currentPeriodEnd: Number(row.currentPeriodEnd), cancelAtPeriodEnd: true, canceledAt: null,
    };
    const newer = { id: 'evt_once', created: Number(row.lastEventAt) + 1000, provider: 'demo' as const, type: 'customer.subscription.updated' as const, subscription: state };
    assert.equal(await applyBillingEvent(server.services, newer), true);
    assert.equal(await applyBillingEvent(server.services, { ...newer, subscription: { ...state, cancelAtPeriodEnd: false } }), false, 'same event id: not applied again');
    const older = { ...newer, id: 'evt_older', created: Number(row.lastEventAt) - 1000, subscription: { ...state, cancelAtPeriodEnd: false, tier: 'elite' as const } };
    assert.equal(await applyBillingEvent(server.services, older), false);
    const b = await billing(client, user.id);
    assert.deepEqual([b.subscription?.tier, b.subscription?.cancelAtPeriodEnd], ['premium', true]);
  });

  test("denials: another member's subscription is not theirs to read or change; visitors are asked to sign in", async () => {
    const { user } = await subscribe('premium');
    const other = await signedInClient(server);
    for (const [method, path] of [['GET', 'current'], ['POST', 'change'], ['POST', 'cancel'], ['POST', 'resume']] as const) {
      const res = await other.client.request(method, `/api/subscriptions/${user.id}/${path}`, method === 'POST' ? { json: { tier: 'elite' } } : undefined);
      assert.equal(res.status, 403, `${method} ${path}`);
      assert.equal((await new Client(server).request(method, `/api/subscriptions/${user.id}/${path}`)).status, 401);
    }
    const sub = await server.db('subscriptions').where({ userId: user.id }).first();
    assert.deepEqual([sub.tier, Number(sub.cancelAtPeriodEnd)], ['premium', 0], 'nothing changed');
    const none = await other.client.post(`/api/subscriptions/${other.user.id}/cancel`);
    assert.equal(none.status, 409, 'no subscription to cancel');
    assert.equal(((await (await other.client.get(`/api/subscriptions/${other.user.id}/current`)).json()) as Billing).subscription, null);
  });
});
