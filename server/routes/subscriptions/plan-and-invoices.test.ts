import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Stripe from 'stripe';
import { DAY_MS, addToBillingClock, addYear } from '../../services/billing/clock';
import { runDemoRenewals } from '../../services/billing/demo';
import { type Client, type TestServer, startTestServer } from '../../test/harness';
import { signedInClient } from '../../test/factories';
import { startFakeStripe } from '../../test/fake-stripe';

type Json = Record<string, unknown>;
interface Setup {
  clientSecret: string;
  paymentIntentId: string;
  subscriptionId: string;
}
interface Billing {
  subscription: null | { tier: string; status: string; renewsAt: string | null };
  freePremiumUntil: string | null;
  invoices: { tier: string; reason: string; amount: string; currency: string; status: string; receiptUrl: string | null }[];
}

const CARD = { expiry: '12/30', cvc: '123', name: 'Test Member' };
const GOOD = '4242 4242 4242 4242';
const DECLINES = '4000 0000 0000 0002';
const FAILS_ON_RENEWAL = '4000 0000 0000 0341';
const WEBHOOK_SECRET = 'whsec_test_plan_invoices';

const billing = async (client: Client, userId: number) => (await (await client.get(`/api/subscriptions/${userId}/current`)).json()) as Billing;
const me = async (client: Client) => (await (await client.get('/api/auth/user')).json()) as { subscriptionTier: string; subscriptionEnds: string | null; createdAt: string };
const checkout = async (client: Client, userId: number, tier: string) => (await (await client.post(`/api/subscriptions/${userId}`, { tier })).json()) as Setup;

describe('plans and invoices with the demo provider', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ firstFreePremium: 500 });
  });
  after(async () => {
    await server.close();
  });

  const advance = async (days: number) => {
    await addToBillingClock(server.db, days * DAY_MS);
    return runDemoRenewals(server.services);
  };
  const confirm = (client: Client, setup: Setup, cardNumber: string) => client.post(`/api/payments/demo/${setup.paymentIntentId}/confirm`, { clientSecret: setup.clientSecret, cardNumber, ...CARD });
  async function pay(client: Client, userId: number, tier: string, cardNumber = GOOD) {
    const setup = await checkout(client, userId, tier);
    assert.equal((await confirm(client, setup, cardNumber)).status, 200);
    assert.equal((await client.post(`/api/subscriptions/${userId}/complete`, { tier, paymentIntentId: setup.paymentIntentId })).status, 200);
  }

  test('a checkout left unpaid, replaced or declined is no invoice the member owes; a paid one and a payable renewal are', async () => {
    const { client, user } = await signedInClient(server, { tier: 'tryme' });
    await checkout(client, user.id, 'premium');
    assert.deepEqual((await billing(client, user.id)).invoices, [], 'an open checkout is not an unpaid invoice');
    const elite = await checkout(client, user.id, 'elite');
    assert.equal((await confirm(client, elite, DECLINES)).status, 402);
    assert.deepEqual((await billing(client, user.id)).invoices, [], 'nor a replaced or a declined one');

    assert.equal((await confirm(client, elite, FAILS_ON_RENEWAL)).status, 200);
    assert.equal((await client.post(`/api/subscriptions/${user.id}/complete`, { tier: 'elite', paymentIntentId: elite.paymentIntentId })).status, 200);
    assert.deepEqual((await billing(client, user.id)).invoices.map((i) => [i.reason, i.amount, i.currency, i.status]), [['subscription_create', '29.99', 'usd', 'paid']]);

    await advance(32);
    assert.deepEqual((await billing(client, user.id)).invoices.map((i) => [i.reason, i.status]), [['subscription_cycle', 'open'], ['subscription_create', 'paid']], 'a declined renewal can still be paid: listed');
    await advance(10);
    const ended = await billing(client, user.id);
    assert.equal(ended.subscription?.status, 'canceled');
    assert.deepEqual(ended.invoices.map((i) => [i.reason, i.status]), [['subscription_create', 'paid']], 'once the plan has ended, its unpaid renewal is no bill');
    assert.deepEqual((await server.db('invoices').where({ userId: user.id }).orderBy('id')).map((i) => i.status), ['void', 'paid', 'open'], 'the console still has every invoice');
  });

  test('a first-500 member who buys Elite keeps the free Premium year: when Elite ends, Premium until the year ends', async () => {
    const { client, user } = await signedInClient(server, { countRegistration: true });
    const start = await me(client);
    const yearEnds = new Date(addYear(Date.parse(start.createdAt))).toISOString();
    assert.deepEqual([start.subscriptionTier, start.subscriptionEnds], ['premium', yearEnds]);
    assert.equal((await billing(client, user.id)).freePremiumUntil, yearEnds);

    await pay(client, user.id, 'elite');
    const elite = await me(client);
    assert.equal(elite.subscriptionTier, 'elite');
    assert.equal((await billing(client, user.id)).freePremiumUntil, yearEnds, 'the year is still there under Elite');
    assert.equal((await client.post(`/api/subscriptions/${user.id}/cancel`)).status, 200);
    await advance(35);
    assert.equal((await billing(client, user.id)).subscription?.status, 'canceled');
    const after = await me(client);
    assert.deepEqual([after.subscriptionTier, after.subscriptionEnds], ['premium', yearEnds], 'Premium again, to the end of the free year');
    assert.equal((await billing(client, user.id)).freePremiumUntil, yearEnds);
  });
});

describe('plans and invoices with Stripe (the fake Stripe)', () => {
  let server: TestServer;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  const signer = new Stripe('sk_test_fake');
  before(async () => {
    stripe = await startFakeStripe();
    server = await startTestServer({ firstFreePremium: 500, stripe: { secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url } });
  });
  after(async () => {
    await server.close();
    await stripe.close();
  });

  let n = 0;
  async function webhook(type: string, object: unknown) {
    const payload = JSON.stringify({ id: `evt_plan_${++n}`, object: 'event', type, api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000) + 5, data: { object } });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await fetch(`${server.url}/api/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header }, body: payload });
    assert.equal(res.status, 200, await res.clone().text());
  }

  test('an abandoned checkout lists no invoice; a completed one lists its paid invoice with the receipt at once, and the later webhook mails no second receipt', async () => {
    const { client, user } = await signedInClient(server, { tier: 'tryme' });
    const setup = await checkout(client, user.id, 'premium');
    assert.deepEqual((await billing(client, user.id)).invoices, []);
    stripe.paySubscription(setup.subscriptionId);
    assert.equal((await client.post(`/api/subscriptions/${user.id}/complete`, { tier: 'premium', paymentIntentId: setup.paymentIntentId })).status, 200);
    const paid = await billing(client, user.id);
    assert.equal(paid.subscription?.status, 'active');
    const invoiceId = stripe.subscriptions.get(setup.subscriptionId)?.latest_invoice as string;
    assert.deepEqual(paid.invoices.map((i) => [i.reason, i.amount, i.currency, i.status, i.receiptUrl]), [['subscription_create', '14.99', 'usd', 'paid', `https://invoice.stripe.com/i/${invoiceId}`]]);
    const sub = structuredClone(stripe.subscriptions.get(setup.subscriptionId));
    const item = sub?.items.data[0];
    await webhook('invoice.paid', {
      id: invoiceId, object: 'invoice', status: 'paid', billing_reason: 'subscription_create', currency: 'usd', amount_paid: 1499, amount_due: 1499, attempt_count: 1,
      hosted_invoice_url: `https://invoice.stripe.com/i/${invoiceId}`, period_start: item?.current_period_start, period_end: item?.current_period_start,
      parent: { type: 'subscription_details', subscription_details: { subscription: setup.subscriptionId, metadata: {} } },
      lines: { object: 'list', data: [{ id: 'il_1', object: 'line_item', period: { start: item?.current_period_start, end: item?.current_period_end } }] },
    });
    assert.equal((await billing(client, user.id)).invoices.length, 1);
    assert.equal((await server.db('email_outbox').where({ toEmail: user.email }).where('subject', 'like', 'Your Saathi receipt%')).length, 1, 'one receipt');
  });

  test('a first-500 member who buys Elite gets the free Premium year back when Elite ends at Stripe', async () => {
    const { client, user } = await signedInClient(server, { countRegistration: true });
    const yearEnds = new Date(addYear(Date.parse((await me(client)).createdAt))).toISOString();
    const setup = await checkout(client, user.id, 'elite');
    stripe.paySubscription(setup.subscriptionId);
    await client.post(`/api/subscriptions/${user.id}/complete`, { tier: 'elite', paymentIntentId: setup.paymentIntentId });
    assert.equal((await me(client)).subscriptionTier, 'elite');
    await client.post(`/api/subscriptions/${user.id}/cancel`);
    const ended = structuredClone(stripe.subscriptions.get(setup.subscriptionId)) as unknown as Json;
    await webhook('customer.subscription.deleted', { ...ended, status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) + 5 });
    const after = await me(client);
    assert.deepEqual([after.subscriptionTier, after.subscriptionEnds], ['premium', yearEnds]);
  });
});
