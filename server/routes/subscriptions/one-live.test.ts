import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Stripe from 'stripe';
import { migrationSource } from '../../../db/migrations';
import { toResponse, uniqueViolation } from '../../errors';
import { Subscription } from '../../models/billing';
import { DAY_MS, addMonth, addToBillingClock, billingNow } from '../../services/billing/clock';
import { runDemoRenewals } from '../../services/billing/demo';
import { type Client, type TestServer, startTestServer } from '../../test/harness';
import { signedInClient } from '../../test/factories';
import { startFakeStripe } from '../../test/fake-stripe';

type Json = Record<string, unknown>;
interface Setup {
  clientSecret: string;
  paymentIntentId: string;
  subscriptionId: string;
  reused: boolean;
}
interface Billing {
  subscription: null | { tier: string; status: string; renewsAt: string | null; endsAt: string | null; cancelAtPeriodEnd: boolean };
  others: { tier: string; status: string; renewsAt: string | null; cancelAtPeriodEnd: boolean }[];
}

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Test Member' };
const WEBHOOK_SECRET = 'whsec_test_one_live';

/** Five checkouts at once, as five tabs or a script would send them: each answer's status and body. */
async function fiveAtOnce(client: Client, userId: number, tier: string) {
  return Promise.all(
    Array.from({ length: 5 }, async () => {
      const res = await client.post(`/api/subscriptions/${userId}`, { tier });
      return { status: res.status, body: (await res.json()) as Json & Setup };
    }),
  );
}

const openRows = (server: TestServer, userId: number) => server.db('subscriptions').where({ userId }).whereIn('status', ['incomplete', 'active', 'past_due']);
const billing = async (client: Client, userId: number) => (await (await client.get(`/api/subscriptions/${userId}/current`)).json()) as Billing;
const tierOf = async (client: Client) => ((await (await client.get('/api/auth/user')).json()) as Json).subscriptionTier;

/** A live subscription from before one per member was enforced, straight in the table as such rows were left. */
async function legacyExtra(server: TestServer, userId: number, o: { provider: 'demo' | 'stripe'; id: string; tier: 'premium' | 'elite'; start: number }) {
  await server.db('subscriptions').insert({
    userId, provider: o.provider, providerSubscriptionId: o.id, tier: o.tier, status: 'active', currentPeriodStart: o.start, currentPeriodEnd: addMonth(o.start),
    legacyDuplicate: true, lastEventAt: o.start, createdAt: o.start - 1000, updatedAt: o.start,
  });
}

describe('one live subscription per member: the demo provider', () => {
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
  async function pay(client: Client, userId: number, tier: string, setup: Setup) {
    assert.equal((await client.post(`/api/payments/demo/${setup.paymentIntentId}/confirm`, { clientSecret: setup.clientSecret, ...CARD })).status, 200);
    assert.equal((await client.post(`/api/subscriptions/${userId}/complete`, { tier, paymentIntentId: setup.paymentIntentId })).status, 200);
  }

  test('five parallel checkouts start one subscription; paid and cancelled, nothing renews', async () => {
    const { client, user } = await signedInClient(server, { tier: 'tryme' });
    const answers = await fiveAtOnce(client, user.id, 'premium');
    assert.deepEqual(answers.filter((a) => a.status !== 200 && a.status !== 201), [], 'each request is handed the checkout');
    assert.equal(answers.filter((a) => a.status === 201).length, 1, 'one request started it, the others were handed it back');
    assert.equal(new Set(answers.map((a) => a.body.subscriptionId)).size, 1);
    assert.equal(new Set(answers.map((a) => a.body.paymentIntentId)).size, 1);
    assert.equal((await openRows(server, user.id)).length, 1, 'one subscription in the database');
    assert.equal((await server.db('invoices').where({ userId: user.id })).length, 1);
    assert.equal((await server.db('payments').where({ userId: user.id })).length, 1);

    // Coming back to pay: the same checkout, with a secret that works.
    const again = await client.post(`/api/subscriptions/${user.id}`, { tier: 'premium' });
    assert.equal(again.status, 200);
    const setup = (await again.json()) as Setup;
    assert.deepEqual([setup.reused, setup.subscriptionId], [true, answers[0].body.subscriptionId]);
    await pay(client, user.id, 'premium', setup);
    assert.equal(await tierOf(client), 'premium');

    for (const tier of ['premium', 'elite']) {
      const more = await fiveAtOnce(client, user.id, tier);
      assert.deepEqual(more.map((a) => a.status), [409, 409, 409, 409, 409]);
      assert.match(String(more[0].body.message), /^You already have a subscription\. Change your plan in Settings → Plan\.$/);
    }
    assert.equal((await server.db('subscriptions').where({ userId: user.id })).length, 1);

    assert.equal((await client.post(`/api/subscriptions/${user.id}/cancel`)).status, 200);
    await advance(40);
    assert.equal(await tierOf(client), 'tryme');
    const invoices = await server.db('invoices').where({ userId: user.id });
    assert.deepEqual(invoices.map((i) => [i.reason, i.status]), [['subscription_create', 'paid']], 'no renewal was charged');
  });

  test('coming back hands back the open checkout (a new secret, the old one stops working); another plan ends it first', async () => {
    const { client, user } = await signedInClient(server, { tier: 'tryme' });
    const first = (await (await client.post(`/api/subscriptions/${user.id}`, { tier: 'premium' })).json()) as Setup;
    const back = await client.post(`/api/subscriptions/${user.id}`, { tier: 'premium' });
    assert.equal(back.status, 200);
    const second = (await back.json()) as Setup;
    assert.deepEqual([second.subscriptionId, second.paymentIntentId, second.reused], [first.subscriptionId, first.paymentIntentId, true]);
    assert.notEqual(second.clientSecret, first.clientSecret);
    assert.equal((await client.post(`/api/payments/demo/${first.paymentIntentId}/confirm`, { clientSecret: first.clientSecret, ...CARD })).status, 404, 'the earlier secret');

    const elite = await client.post(`/api/subscriptions/${user.id}`, { tier: 'elite' });
    assert.equal(elite.status, 201);
    const switched = (await elite.json()) as Setup;
    assert.notEqual(switched.subscriptionId, first.subscriptionId);
    const ended = await server.db('subscriptions').where({ providerSubscriptionId: first.subscriptionId }).first();
    assert.equal(ended.status, 'canceled');
    assert.equal((await server.db('invoices').where({ subscriptionId: ended.id }).first()).status, 'void');
    assert.equal((await server.db('payments').where({ intentId: first.paymentIntentId }).first()).status, 'canceled');
    assert.equal((await client.post(`/api/payments/demo/${first.paymentIntentId}/confirm`, { clientSecret: second.clientSecret, ...CARD })).status, 409, 'the ended checkout takes no card');
    assert.equal((await client.post(`/api/subscriptions/${user.id}/complete`, { tier: 'premium', paymentIntentId: first.paymentIntentId })).status, 402, 'and cannot be completed');
    assert.equal(await tierOf(client), 'tryme');
    assert.equal((await openRows(server, user.id)).length, 1);
    await pay(client, user.id, 'elite', switched);
    assert.equal(await tierOf(client), 'elite');
  });

  test('the database itself refuses a second open subscription (a clean refusal, not a crash)', async () => {
    const { client, user } = await signedInClient(server, { tier: 'tryme' });
    await client.post(`/api/subscriptions/${user.id}`, { tier: 'premium' });
    const now = Date.now();
    const row = { userId: user.id, provider: 'demo' as const, tier: 'elite' as const, currentPeriodStart: now, currentPeriodEnd: addMonth(now), lastEventAt: now, createdAt: now, updatedAt: now };
    for (const status of ['incomplete', 'active', 'past_due'] as const) {
      const error = await Subscription.query(server.db)
        .insert({ ...row, status, providerSubscriptionId: `demo_sub_second_${status}` })
        .then(() => null, (e: unknown) => e);
      assert.ok(uniqueViolation(error), `${status}: refused by the one-live index (${String(error)})`);
      assert.deepEqual([toResponse(error).status, toResponse(error).body.message], [409, 'That already exists'], 'a refusal that reaches a handler is a 409, never a 500');
    }
    await Subscription.query(server.db).insert({ ...row, status: 'canceled', providerSubscriptionId: 'demo_sub_ended' });
    await Subscription.query(server.db).insert({ ...row, status: 'active', legacyDuplicate: true, providerSubscriptionId: 'demo_sub_legacy_extra' });
  });

  test('extras from before the rule: shown in Settings → Plan, cancelled with the plan, ended by a plan change', async () => {
    const { client, user } = await signedInClient(server, { tier: 'tryme' });
    const setup = (await (await client.post(`/api/subscriptions/${user.id}`, { tier: 'premium' })).json()) as Setup;
    await pay(client, user.id, 'premium', setup);
    await legacyExtra(server, user.id, { provider: 'demo', id: `demo_sub_extra_${user.id}`, tier: 'elite', start: await billingNow(server.db) });
    let b = await billing(client, user.id);
    assert.equal(b.subscription?.tier, 'premium', 'the main subscription');
    assert.deepEqual(b.others.map((o) => [o.tier, o.status, Boolean(o.renewsAt)]), [['elite', 'active', true]], 'the extra that renews is shown');
    assert.equal((await client.post(`/api/subscriptions/${user.id}`, { tier: 'elite' })).status, 409);

    const cancelled = (await (await client.post(`/api/subscriptions/${user.id}/cancel`)).json()) as Billing;
    assert.deepEqual([cancelled.subscription?.cancelAtPeriodEnd, cancelled.others[0].cancelAtPeriodEnd, cancelled.others[0].renewsAt], [true, true, null], 'every one that bills ends');
    await advance(40);
    b = await billing(client, user.id);
    assert.deepEqual([b.subscription?.status, b.others], ['canceled', []]);
    assert.equal((await server.db('invoices').where({ userId: user.id, reason: 'subscription_cycle' })).length, 0, 'neither renewed');
    assert.equal(await tierOf(client), 'tryme');

    // A plan change keeps one plan: the main subscription changes, the extra ends at its period end.
    const other = await signedInClient(server, { tier: 'tryme' });
    const otherSetup = (await (await other.client.post(`/api/subscriptions/${other.user.id}`, { tier: 'premium' })).json()) as Setup;
    await pay(other.client, other.user.id, 'premium', otherSetup);
    await legacyExtra(server, other.user.id, { provider: 'demo', id: `demo_sub_extra_${other.user.id}`, tier: 'premium', start: await billingNow(server.db) });
    const changed = await other.client.post(`/api/subscriptions/${other.user.id}/change`, { tier: 'elite' });
    assert.equal(changed.status, 200);
    const after = (await changed.json()) as Billing;
    assert.deepEqual([after.subscription?.tier, after.subscription?.renewsAt !== null, after.others[0].cancelAtPeriodEnd], ['elite', true, true]);
  });
});

describe('one live subscription per member: Stripe (the real package against the fake Stripe)', () => {
  let server: TestServer;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  const signer = new Stripe('sk_test_fake');
  before(async () => {
    stripe = await startFakeStripe();
    server = await startTestServer({ stripe: { secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url } });
  });
  after(async () => {
    await server.close();
    await stripe.close();
  });

  const stripeSubsOf = async (userId: number) => [...stripe.subscriptions.values()].filter((s) => s.metadata.userId === String(userId));

  test('five parallel checkouts create one Stripe subscription (and one customer); paid, the next five are refused', async () => {
    const { client, user } = await signedInClient(server, { tier: 'tryme' });
    const customersBefore = stripe.customers.length;
    const answers = await fiveAtOnce(client, user.id, 'elite');
    assert.deepEqual(answers.filter((a) => a.status !== 200 && a.status !== 201), []);
    assert.equal(answers.filter((a) => a.status === 201).length, 1);
    assert.equal(new Set(answers.map((a) => a.body.subscriptionId)).size, 1);
    assert.equal(new Set(answers.map((a) => a.body.clientSecret)).size, 1, 'the same payment to confirm, as Stripe keeps it');
    assert.equal((await stripeSubsOf(user.id)).length, 1, 'one subscription at Stripe');
    assert.equal(stripe.customers.length, customersBefore + 1);
    const rows = await openRows(server, user.id);
    assert.deepEqual(rows.map((r) => r.providerSubscriptionId), [answers[0].body.subscriptionId]);

    stripe.paySubscription(answers[0].body.subscriptionId);
    assert.equal((await client.post(`/api/subscriptions/${user.id}/complete`, { tier: 'elite', paymentIntentId: answers[0].body.paymentIntentId })).status, 200);
    assert.equal(await tierOf(client), 'elite');
    const more = await fiveAtOnce(client, user.id, 'premium');
    assert.deepEqual(more.map((a) => a.status), [409, 409, 409, 409, 409]);
    assert.equal((await stripeSubsOf(user.id)).length, 1);
    assert.equal((await client.post(`/api/subscriptions/${user.id}/cancel`)).status, 200);
    assert.equal(stripe.subscriptions.get(answers[0].body.subscriptionId)?.cancel_at_period_end, true);
  });

  test('coming back hands back the Stripe checkout; another plan cancels it at Stripe first', async () => {
    const { client, user } = await signedInClient(server, { tier: 'tryme' });
    const first = (await (await client.post(`/api/subscriptions/${user.id}`, { tier: 'premium' })).json()) as Setup;
    const back = await client.post(`/api/subscriptions/${user.id}`, { tier: 'premium' });
    assert.equal(back.status, 200);
    assert.deepEqual((await back.json()) as Setup, { ...first, reused: true }, 'the same subscription and payment to confirm');
    assert.equal((await stripeSubsOf(user.id)).length, 1);

    const elite = await client.post(`/api/subscriptions/${user.id}`, { tier: 'elite' });
    assert.equal(elite.status, 201);
    const second = (await elite.json()) as Setup;
    assert.equal(stripe.subscriptions.get(first.subscriptionId)?.status, 'canceled', 'the unpaid checkout is cancelled at Stripe');
    assert.equal((await server.db('subscriptions').where({ providerSubscriptionId: first.subscriptionId }).first()).status, 'canceled');
    assert.deepEqual((await openRows(server, user.id)).map((r) => r.providerSubscriptionId), [second.subscriptionId]);
  });

  test('a webhook naming a second open subscription of the member is refused cleanly (409, delivered again later), never a 500', async () => {
    const { client, user } = await signedInClient(server, { tier: 'tryme' });
    await client.post(`/api/subscriptions/${user.id}`, { tier: 'premium' });
    const t = Math.floor(Date.now() / 1000);
    const object = {
      id: `sub_elsewhere_${user.id}`, object: 'subscription', customer: 'cus_elsewhere', status: 'active', metadata: { userId: String(user.id), tier: 'elite' }, cancel_at_period_end: false,
      canceled_at: null, created: t, items: { object: 'list', data: [{ id: 'si_elsewhere', object: 'subscription_item', current_period_start: t, current_period_end: t + 30 * 86_400, price: { id: 'price_x', object: 'price', lookup_key: 'saathi_elite_monthly' } }] },
    };
    const payload = JSON.stringify({ id: `evt_elsewhere_${user.id}`, object: 'event', type: 'customer.subscription.created', api_version: '2026-10-28.endive', created: t, data: { object } });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await fetch(`${server.url}/api/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header }, body: payload });
    assert.equal(res.status, 409);
    assert.equal(((await res.json()) as Json).code, 'subscription_conflict');
    assert.equal((await openRows(server, user.id)).length, 1);
    assert.equal(await server.db('stripe_events').where({ id: `evt_elsewhere_${user.id}` }).first(), undefined, 'not recorded as applied: a later delivery is applied');
  });

  test('an extra Stripe subscription from before the rule is cancelled at Stripe with the main one', async () => {
    const { client, user } = await signedInClient(server, { tier: 'tryme' });
    const a = (await (await client.post(`/api/subscriptions/${user.id}`, { tier: 'premium' })).json()) as Setup;
    stripe.paySubscription(a.subscriptionId);
    await client.post(`/api/subscriptions/${user.id}/complete`, { tier: 'premium', paymentIntentId: a.paymentIntentId });
    // As a parallel checkout left it before the rule: a second subscription that bills at Stripe, marked an extra.
    await server.db('subscriptions').where({ providerSubscriptionId: a.subscriptionId }).update({ legacyDuplicate: true, status: 'canceled' });
    const b = (await (await client.post(`/api/subscriptions/${user.id}`, { tier: 'premium' })).json()) as Setup;
    stripe.paySubscription(b.subscriptionId);
    await client.post(`/api/subscriptions/${user.id}/complete`, { tier: 'premium', paymentIntentId: b.paymentIntentId });
    await server.db('subscriptions').where({ providerSubscriptionId: a.subscriptionId }).update({ status: 'active' });

    const current = await billing(client, user.id);
    assert.equal(current.others.length, 1, 'the extra is shown');
    assert.equal((await client.post(`/api/subscriptions/${user.id}/cancel`)).status, 200);
    assert.equal(stripe.subscriptions.get(a.subscriptionId)?.cancel_at_period_end, true, 'the extra, at Stripe');
    assert.equal(stripe.subscriptions.get(b.subscriptionId)?.cancel_at_period_end, true, 'the main one, at Stripe');
  });
});

describe('one live subscription per member: an install that already holds several', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.close();
  });

  test('the migration keeps the one that pays (then the newest) as the main one, marks the others as extras, then builds the index', async () => {
    await server.db.migrate.down({ migrationSource, name: '20261207_42_one_live_subscription' });
    await server.db.migrate.down({ migrationSource, name: '20261207_41_mark_duplicate_subscriptions' });
    const [a, b, c] = await Promise.all([signedInClient(server), signedInClient(server), signedInClient(server)]);
    const t = Date.now() - 10 * DAY_MS;
    const sub = (userId: number, id: string, status: string, createdAt: number) => ({
      userId, provider: 'demo', providerSubscriptionId: id, tier: 'premium', status, currentPeriodStart: t, currentPeriodEnd: addMonth(t), lastEventAt: t, createdAt, updatedAt: t,
    });
    await server.db('subscriptions').insert([
      sub(a.user.id, 'a_past_due', 'past_due', t),
      sub(a.user.id, 'a_active', 'active', t + 1000),
      sub(a.user.id, 'a_checkout', 'incomplete', t + 2000),
      sub(a.user.id, 'a_ended', 'canceled', t + 3000),
      sub(b.user.id, 'b_active', 'active', t),
      sub(c.user.id, 'c_old_checkout', 'incomplete', t),
      sub(c.user.id, 'c_new_checkout', 'incomplete', t + 1000),
    ]);
    await server.db.migrate.up({ migrationSource, name: '20261207_41_mark_duplicate_subscriptions' });
    await server.db.migrate.up({ migrationSource, name: '20261207_42_one_live_subscription' });
    const flags = Object.fromEntries((await server.db('subscriptions').whereIn('userId', [a.user.id, b.user.id, c.user.id]).select('providerSubscriptionId', 'legacyDuplicate')).map((r) => [r.providerSubscriptionId, Boolean(Number(r.legacyDuplicate))]));
    assert.deepEqual(flags, { a_past_due: true, a_active: false, a_checkout: true, a_ended: false, b_active: false, c_old_checkout: true, c_new_checkout: false });
    const error = await server.db('subscriptions').insert(sub(b.user.id, 'b_second', 'incomplete', t)).then(() => null, (e: unknown) => e);
    assert.ok(uniqueViolation(error), 'the index holds from now on');
    const shown = await billing(a.client, a.user.id);
    assert.equal(shown.subscription?.status, 'active');
    assert.deepEqual(shown.others.map((o) => o.status), ['past_due'], 'the extra that bills is shown beside the main one');
  });
});
