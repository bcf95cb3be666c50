import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Stripe from 'stripe';
import { type TestServer, startTestServer } from '../../test/harness';
import { signedInClient } from '../../test/factories';

type Json = Record<string, unknown>;
const WEBHOOK_SECRET = 'whsec_test_billing';
const signer = new Stripe('sk_test_fake');
const DAY = 86_400;

/** Stripe-shaped objects (API 2026-10-28): periods on the subscription items, the subscription on the invoice's parent. */
function subscription(id: string, userId: number, o: { status: string; lookupKey: string; start: number; cancelAtPeriodEnd?: boolean }) {
  return {
    id, object: 'subscription', customer: 'cus_test', status: o.status, metadata: { userId: String(userId) }, cancel_at_period_end: o.cancelAtPeriodEnd ?? false,
    canceled_at: o.status === 'canceled' ? o.start : null, created: o.start,
    items: { object: 'list', data: [{ id: `si_${id}`, object: 'subscription_item', current_period_start: o.start, current_period_end: o.start + 30 * DAY, price: { id: `price_${o.lookupKey}`, object: 'price', lookup_key: o.lookupKey } }] },
  };
}
function invoice(id: string, subId: string, o: { status: string; reason: string; start: number; amount: number }) {
  return {
    id, object: 'invoice', status: o.status, billing_reason: o.reason, currency: 'usd', amount_paid: o.status === 'paid' ? o.amount : 0, amount_due: o.amount,
    hosted_invoice_url: `https://invoice.stripe.com/i/${id}`, attempt_count: 1, period_start: o.start - 30 * DAY, period_end: o.start,
    parent: { type: 'subscription_details', subscription_details: { subscription: subId, metadata: {} } },
    lines: { object: 'list', data: [{ id: `il_${id}`, object: 'line_item', period: { start: o.start, end: o.start + 30 * DAY } }] },
  };
}

describe('Stripe webhooks drive subscriptions (signed as Stripe signs them)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ stripe: { secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', webhookSecret: WEBHOOK_SECRET, apiBase: 'http://127.0.0.1:9' } });
  });
  after(async () => {
    await server.close();
  });

  let n = 0;
  async function send(type: string, object: unknown, created: number, opts: { secret?: string; id?: string } = {}) {
    const payload = JSON.stringify({ id: opts.id ?? `evt_${++n}_${type}`, object: 'event', type, api_version: '2026-10-28.endive', created, data: { object } });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET });
    const res = await fetch(`${server.url}/api/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header }, body: payload });
    return { status: res.status, body: (await res.json()) as Json, payload, header };
  }

  test('the whole life: created incomplete, first invoice paid, renewal paid, renewal failed, a late event, then deleted', async () => {
    const { client, user } = await signedInClient(server, { tier: 'tryme' });
    const tier = async () => ((await (await client.get('/api/auth/user')).json()) as Json).subscriptionTier;
    const t0 = Math.floor(Date.now() / 1000);
    const subId = `sub_${user.id}`;

    assert.equal((await send('customer.subscription.created', subscription(subId, user.id, { status: 'incomplete', lookupKey: 'saathi_premium_monthly', start: t0 }), t0)).status, 200);
    assert.equal(await tier(), 'tryme', 'nothing before the first invoice is paid');

    const forged = await send('invoice.paid', invoice('in_1', subId, { status: 'paid', reason: 'subscription_create', start: t0, amount: 1499 }), t0 + 1, { secret: 'whsec_forged' });
    assert.equal(forged.status, 400);
    assert.equal(forged.body.message, 'Invalid webhook signature');
    assert.equal(await tier(), 'tryme', 'a forged event changes nothing');

    const paid = await send('invoice.paid', invoice('in_1', subId, { status: 'paid', reason: 'subscription_create', start: t0, amount: 1499 }), t0 + 1);
    assert.equal(paid.status, 200);
    assert.equal(await tier(), 'premium');
    const replay = await fetch(`${server.url}/api/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': paid.header }, body: paid.payload });
    assert.equal(((await replay.json()) as Json).applied, false, 'a replayed event is applied once');
    const receipts = await server.db('email_outbox').where({ toEmail: user.email }).where('subject', 'like', 'Your Saathi receipt%');
    assert.equal(receipts.length, 1);
    assert.match(receipts[0].bodyText, /https:\/\/invoice\.stripe\.com\/i\/in_1/);

    const t1 = t0 + 30 * DAY;
    await send('customer.subscription.updated', subscription(subId, user.id, { status: 'active', lookupKey: 'saathi_premium_monthly', start: t1 }), t1);
    await send('invoice.paid', invoice('in_2', subId, { status: 'paid', reason: 'subscription_cycle', start: t1, amount: 1499 }), t1);
    const me = (await (await client.get('/api/auth/user')).json()) as Json;
    assert.equal(Date.parse(me.subscriptionEnds as string), (t1 + 30 * DAY) * 1000, 'invoice.paid extends to the period end');

    const t2 = t1 + 30 * DAY;
    await send('customer.subscription.updated', subscription(subId, user.id, { status: 'past_due', lookupKey: 'saathi_premium_monthly', start: t2 }), t2);
    await send('invoice.payment_failed', invoice('in_3', subId, { status: 'open', reason: 'subscription_cycle', start: t2, amount: 1499 }), t2);
    let row = await server.db('subscriptions').where({ providerSubscriptionId: subId }).first();
    assert.equal(row.status, 'past_due');
    assert.equal(Number(row.graceUntil), t2 * 1000 + 7 * DAY * 1000);
    assert.equal((await server.db('notifications').where({ userId: user.id, title: 'Your renewal payment failed' })).length, 1);
    assert.equal((await server.db('email_outbox').where({ toEmail: user.email, subject: 'Saathi: your renewal payment failed' })).length, 1);

    // Delivered late: an 'active' state from before the failure changes nothing.
    const late = await send('customer.subscription.updated', subscription(subId, user.id, { status: 'active', lookupKey: 'saathi_premium_monthly', start: t1 }), t1 + 5);
    assert.equal(late.body.applied, false);
    row = await server.db('subscriptions').where({ providerSubscriptionId: subId }).first();
    assert.equal(row.status, 'past_due');

    await send('customer.subscription.deleted', subscription(subId, user.id, { status: 'canceled', lookupKey: 'saathi_premium_monthly', start: t2 }), t2 + 7 * DAY);
    assert.equal(await tier(), 'tryme');
    const revived = await send('customer.subscription.updated', subscription(subId, user.id, { status: 'active', lookupKey: 'saathi_premium_monthly', start: t2 }), t2 + 8 * DAY);
    assert.equal(revived.body.applied, false, 'a canceled subscription stays canceled');
  });

  test('a plan change from Stripe moves the tier; an invoice ahead of its subscription is refused for redelivery, then applied', async () => {
    const { client, user } = await signedInClient(server, { tier: 'tryme' });
    const t0 = Math.floor(Date.now() / 1000);
    const subId = `sub_early_${user.id}`;
    const early = await send('invoice.paid', invoice('in_early', subId, { status: 'paid', reason: 'subscription_create', start: t0, amount: 2999 }), t0, { id: 'evt_early' });
    assert.equal(early.status, 409);
    await send('customer.subscription.created', subscription(subId, user.id, { status: 'active', lookupKey: 'saathi_premium_monthly', start: t0 }), t0);
    const again = await send('invoice.paid', invoice('in_early', subId, { status: 'paid', reason: 'subscription_create', start: t0, amount: 2999 }), t0, { id: 'evt_early' });
    assert.deepEqual([again.status, again.body.applied], [200, true]);
    await send('customer.subscription.updated', subscription(subId, user.id, { status: 'active', lookupKey: 'saathi_elite_monthly', start: t0 }), t0 + 60);
    assert.equal(((await (await client.get('/api/auth/user')).json()) as Json).subscriptionTier, 'elite');
    const billing = (await (await client.get(`/api/subscriptions/${user.id}/current`)).json()) as { invoices: { receiptUrl: string }[] };
    assert.equal(billing.invoices[0].receiptUrl, 'https://invoice.stripe.com/i/in_early');
  });
});
