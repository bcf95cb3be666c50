import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Stripe from 'stripe';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, signedInClient } from '../../test/factories';
import { startFakeStripe } from '../../test/fake-stripe';

type Json = Record<string, unknown>;
const WEBHOOK_SECRET = 'whsec_test_saathi';

/** The calendar rule, written out independently of the product's addMonth: same UTC day next month, clamped. */
function sameDayNextMonth(ms: number): number {
  const d = new Date(ms);
  const [y, m] = d.getUTCMonth() === 11 ? [d.getUTCFullYear() + 1, 0] : [d.getUTCFullYear(), d.getUTCMonth() + 1];
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d.getUTCDate(), lastDay), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

describe('catalogue and demo mode', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.close();
  });

  test('the catalogue has the three tiers with prices and limits from configuration', async () => {
    // An install whose catalogue row still carries the spec's $1.00 fallback: Tryme is free all the same.
    await server.db('subscription_plans').where({ tier: 'tryme' }).update({ priceCents: 100 });
    const res = (await (await new Client(server).get('/api/subscriptions')).json()) as { tiers: Json; features: Record<string, Json>; plans: Json[]; provider: string };
    assert.deepEqual(res.tiers, { TRYME: 'tryme', PREMIUM: 'premium', ELITE: 'elite' });
    assert.deepEqual([res.features.tryme.price, res.features.tryme.priceCents], ['0.00', 0], 'Tryme is free');
    assert.deepEqual(res.plans.map((p) => [p.tier, p.priceCents, p.currency]), [['tryme', 0, 'usd'], ['premium', 1499, 'usd'], ['elite', 2999, 'usd']]);
    assert.equal(res.features.premium.price, '14.99');
    assert.equal(res.features.elite.price, '29.99');
    assert.equal(res.features.tryme.messageLimit, 5);
    assert.equal(res.features.premium.messageLimit, null);
    assert.equal(res.provider, 'demo');
  });

  test('demo checkout: intent recorded as demo, the card form confirms, completion upgrades once', async () => {
    const { client, user } = await signedInClient(server, { tier: 'tryme' });
    const paidFrom = Date.now(); // the period starts when the checkout starts (the demo provider, as Stripe)
    const setup = await client.post(`/api/subscriptions/${user.id}`, { tier: 'premium', price: '0.01' });
    assert.equal(setup.status, 201);
    const { clientSecret, price, paymentIntentId, isDemo } = (await setup.json()) as { clientSecret: string; price: string; paymentIntentId: string; isDemo: boolean };
    assert.equal(price, '14.99', 'the amount comes from the catalogue, never from the client');
    assert.equal(isDemo, true);
    const row = await server.db('payments').where({ intentId: paymentIntentId }).first();
    assert.equal(Number(row.isDemo), 1);
    assert.equal(row.amountCents, 1499);

    const early = await client.post(`/api/subscriptions/${user.id}/complete`, { tier: 'premium', paymentIntentId });
    assert.equal(early.status, 402, 'not paid yet');
    const badCard = await client.post(`/api/payments/demo/${paymentIntentId}/confirm`, { clientSecret, cardNumber: '4242 4242 4242 4241', expiry: '12/30', cvc: '123', name: 'Test Member' });
    assert.equal(badCard.status, 400);
    assert.equal(((await badCard.json()) as Json).message, 'Enter a valid card number');
    const pastExpiry = await client.post(`/api/payments/demo/${paymentIntentId}/confirm`, { clientSecret, cardNumber: '4242424242424242', expiry: '01/20', cvc: '123', name: 'Test Member' });
    assert.equal(pastExpiry.status, 400);
    const wrongSecret = await client.post(`/api/payments/demo/${paymentIntentId}/confirm`, { clientSecret: 'nope', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Test Member' });
    assert.equal(wrongSecret.status, 404);
    const confirm = await client.post(`/api/payments/demo/${paymentIntentId}/confirm`, { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Test Member' });
    assert.equal(confirm.status, 200);

    const done = await client.post(`/api/subscriptions/${user.id}/complete`, { tier: 'premium', paymentIntentId });
    const paidBy = Date.now();
    assert.equal(done.status, 200);
    const body = (await done.json()) as { applied: boolean; subscriptionTier: string; subscriptionEnds: string };
    assert.equal(body.applied, true);
    assert.equal(body.subscriptionTier, 'premium');
    const ends = Date.parse(body.subscriptionEnds);
    assert.ok(ends >= sameDayNextMonth(paidFrom) && ends <= sameDayNextMonth(paidBy), `a calendar month from the checkout, got ${body.subscriptionEnds}`);
    const replay = (await (await client.post(`/api/subscriptions/${user.id}/complete`, { tier: 'premium', paymentIntentId })).json()) as { applied: boolean; subscriptionEnds: string };
    assert.equal(replay.applied, false);
    assert.equal(replay.subscriptionEnds, body.subscriptionEnds, 'a replay does not extend');
    const notes = await server.db('notifications').where({ userId: user.id, type: 'subscription' });
    assert.equal(notes.length, 1);
    const me = (await (await client.get('/api/auth/user')).json()) as Json;
    assert.equal(me.subscriptionTier, 'premium');

    const other = await signedInClient(server);
    assert.equal((await other.client.post(`/api/subscriptions/${user.id}`, { tier: 'elite' })).status, 403);
    assert.equal((await other.client.post(`/api/subscriptions/${other.user.id}/complete`, { tier: 'premium', paymentIntentId })).status, 403, "another member's payment");
    assert.equal((await client.post(`/api/subscriptions/${user.id}/complete`, { tier: 'elite', paymentIntentId })).status, 400, 'tier mismatch');
    assert.equal((await new Client(server).post(`/api/subscriptions/${user.id}`, { tier: 'premium' })).status, 401);
  });

  test('moving down to tryme never charges', async () => {
    const { client, user } = await signedInClient(server, { tier: 'premium' });
    const res = (await (await client.post(`/api/subscriptions/${user.id}`, { tier: 'tryme' })).json()) as Json;
    assert.equal(res.clientSecret, null);
    assert.equal(((await (await client.get('/api/auth/user')).json()) as Json).subscriptionTier, 'tryme');
    assert.equal((await server.db('payments').where({ userId: user.id })).length, 0);
  });

  test('"who liked you" is for premium and elite; an expired premium counts as tryme', async () => {
    const a = await signedInClient(server, { tier: 'premium' });
    const pa = await buildProfile(server, a.user);
    const b = await signedInClient(server, { tier: 'tryme' });
    await buildProfile(server, b.user, { gender: 'male' });
    await b.client.post('/api/profile-likes', { likedProfileId: pa.id });
    const list = (await (await a.client.get(`/api/profile-likes/${a.user.id}/received`)).json()) as Json[];
    assert.equal(list.length, 1);
    assert.equal(list[0].userId, b.user.id);
    const denied = await b.client.get(`/api/profile-likes/${b.user.id}/received`);
    assert.equal(denied.status, 403);
    assert.equal(((await denied.json()) as Json).upgradeRequired, true);
    await server.db('users').where({ id: a.user.id }).update({ subscriptionEnds: Date.now() - 1000 });
    assert.equal((await a.client.get(`/api/profile-likes/${a.user.id}/received`)).status, 403);
  });
});

describe('with Stripe (the real package against a local fake Stripe)', () => {
  let server: TestServer;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  before(async () => {
    stripe = await startFakeStripe();
    server = await startTestServer({
      stripe: { secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url },
    });
  });
  after(async () => {
    await server.close();
    await stripe.close();
  });

  test('Stripe Billing: Price by lookup key (created once), customer once, Subscription default_incomplete, completion after the first payment', async () => {
    const { client, user } = await signedInClient(server);
    const setup = (await (await client.post(`/api/subscriptions/${user.id}`, { tier: 'elite' })).json()) as { clientSecret: string; paymentIntentId: string; provider: string; subscriptionId: string };
    assert.equal(setup.provider, 'stripe');
    const sub = stripe.subscriptions.get(setup.subscriptionId);
    assert.ok(sub);
    assert.equal(sub.payment_behavior, 'default_incomplete');
    assert.deepEqual(sub.metadata, { userId: String(user.id), tier: 'elite' });
    assert.deepEqual([sub.items.data[0].price.lookup_key, sub.items.data[0].price.unit_amount], ['saathi_elite_monthly', 2999]);
    assert.equal(setup.clientSecret, stripe.intents.get(setup.paymentIntentId)?.client_secret);
    const customer = (await server.db('users').where({ id: user.id }).first()).stripeCustomerId;
    assert.match(customer, /^cus_/);
    const before = stripe.customers.length;
    const second = await signedInClient(server);
    await second.client.post(`/api/subscriptions/${second.user.id}`, { tier: 'elite' });
    assert.equal(stripe.prices.filter((p) => p.lookup_key === 'saathi_elite_monthly').length, 1, 'the Price is looked up, not created again');
    assert.equal(stripe.products.length, 1);
    await client.post(`/api/subscriptions/${user.id}`, { tier: 'elite' });
    assert.equal(stripe.customers.length, before + 1, "the first member's customer is created once (only the second member's is new)");

    assert.equal((await client.post(`/api/subscriptions/${user.id}/complete`, { tier: 'elite', paymentIntentId: setup.paymentIntentId })).status, 402);
    assert.equal((await second.client.post(`/api/subscriptions/${second.user.id}/complete`, { tier: 'elite', paymentIntentId: setup.paymentIntentId })).status, 403, "another member's payment");
    const latest = (await server.db('subscriptions').where({ userId: user.id }).orderBy('id', 'desc').first()).providerSubscriptionId;
    stripe.paySubscription(latest);
    const done = (await (await client.post(`/api/subscriptions/${user.id}/complete`, { tier: 'elite', paymentIntentId: setup.paymentIntentId })).json()) as { applied: boolean; subscriptionTier: string };
    assert.deepEqual([done.applied, done.subscriptionTier], [true, 'elite']);
    const replay = (await (await client.post(`/api/subscriptions/${user.id}/complete`, { tier: 'elite', paymentIntentId: setup.paymentIntentId })).json()) as { applied: boolean };
    assert.equal(replay.applied, false);
    assert.equal((await server.db('users').where({ id: user.id }).first()).stripeSubscriptionId, latest);

    const other = await signedInClient(server);
    const foreign = stripe.add({ amount: 1499, metadata: { userId: String(user.id), tier: 'premium' } });
    assert.equal((await other.client.post(`/api/subscriptions/${other.user.id}/complete`, { tier: 'premium', paymentIntentId: foreign.id })).status, 403);
    const cheap = stripe.add({ amount: 100, metadata: { userId: String(other.user.id), tier: 'premium' } });
    assert.equal((await other.client.post(`/api/subscriptions/${other.user.id}/complete`, { tier: 'premium', paymentIntentId: cheap.id })).status, 400, 'amount mismatch');
    const wrongTier = stripe.add({ amount: 1499, metadata: { userId: String(other.user.id), tier: 'premium' } });
    assert.equal((await other.client.post(`/api/subscriptions/${other.user.id}/complete`, { tier: 'elite', paymentIntentId: wrongTier.id })).status, 400, 'tier mismatch');
    assert.equal((await other.client.post(`/api/subscriptions/${other.user.id}/complete`, { tier: 'premium', paymentIntentId: 'pi_missing' })).status, 404);
    assert.equal(((await (await other.client.get('/api/auth/user')).json()) as Json).subscriptionTier, 'tryme');
  });

  test('webhooks (a one-off payment intent): a bad signature is refused; a replayed event is applied once', async () => {
    const { client, user } = await signedInClient(server);
    // A one-off payment intent from before subscriptions (its metadata names the member and plan).
    const intent = stripe.add({ amount: 1499, metadata: { userId: String(user.id), tier: 'premium' }, status: 'requires_payment_method' });
    const payload = JSON.stringify({
      id: 'evt_test_1', object: 'event', type: 'payment_intent.succeeded', api_version: '2026-10-28',
      data: { object: { ...intent, status: 'succeeded' } },
    });
    const signer = new Stripe('sk_test_fake');
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const post = (sig: string) =>
      fetch(`${server.url}/api/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': sig }, body: payload });
    const bad = await post(signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }));
    assert.equal(bad.status, 400);
    assert.equal(((await (await client.get('/api/auth/user')).json()) as Json).subscriptionTier, 'tryme');
    assert.equal((await post(header)).status, 200);
    const ends1 = (await server.db('users').where({ id: user.id }).first()).subscriptionEnds;
    assert.equal(((await (await client.get('/api/auth/user')).json()) as Json).subscriptionTier, 'premium');
    const again = await post(header);
    assert.equal(((await again.json()) as Json).duplicate, true);
    const ends2 = (await server.db('users').where({ id: user.id }).first()).subscriptionEnds;
    assert.equal(ends2, ends1, 'applied once');
    assert.equal((await server.db('notifications').where({ userId: user.id, type: 'subscription' })).length, 1);
  });

  test('Stripe: cancel at period end and resume, upgrade with proration invoiced now, a cheaper plan at the renewal', async () => {
    const { client, user } = await signedInClient(server, { tier: 'tryme' });
    const setup = (await (await client.post(`/api/subscriptions/${user.id}`, { tier: 'premium' })).json()) as { paymentIntentId: string; subscriptionId: string };
    stripe.paySubscription(setup.subscriptionId);
    await client.post(`/api/subscriptions/${user.id}/complete`, { tier: 'premium', paymentIntentId: setup.paymentIntentId });
    const cancel = (await (await client.post(`/api/subscriptions/${user.id}/cancel`)).json()) as { subscription: Json };
    assert.equal(stripe.subscriptions.get(setup.subscriptionId)?.cancel_at_period_end, true);
    assert.equal(cancel.subscription.renewsAt, null);
    await client.post(`/api/subscriptions/${user.id}/resume`);
    assert.equal(stripe.subscriptions.get(setup.subscriptionId)?.cancel_at_period_end, false);
    const up = await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'elite' });
    assert.equal(up.status, 200);
    assert.deepEqual(stripe.updates.at(-1), { id: setup.subscriptionId, proration: 'always_invoice', paymentBehavior: 'error_if_incomplete' });
    assert.equal(((await (await client.get('/api/auth/user')).json()) as Json).subscriptionTier, 'elite');
    const down = await client.post(`/api/subscriptions/${user.id}/change`, { tier: 'premium' });
    assert.equal(down.status, 200, 'a cheaper plan is scheduled for the renewal (stripe-member-flows.test.ts)');
    assert.equal(stripe.subscriptions.get(setup.subscriptionId)?.items.data[0].price.lookup_key, 'saathi_elite_monthly', 'Elite until then');
  });

  test('account deletion cancels a live payment with Stripe', async () => {
    const { client, user, password } = await signedInClient(server);
    const setup = (await (await client.post(`/api/subscriptions/${user.id}`, { tier: 'premium' })).json()) as { paymentIntentId: string };
    assert.equal((await client.post('/api/user/delete', { password })).status, 200);
    assert.equal(stripe.intents.get(setup.paymentIntentId)?.status, 'canceled');
  });

  test('account deletion cancels every Stripe subscription of the member at Stripe, not only the latest', async () => {
    const { client, user, password } = await signedInClient(server);
    const setup = (await (await client.post(`/api/subscriptions/${user.id}`, { tier: 'premium' })).json()) as { paymentIntentId: string; subscriptionId: string };
    stripe.paySubscription(setup.subscriptionId);
    assert.equal((await client.post(`/api/subscriptions/${user.id}/complete`, { tier: 'premium', paymentIntentId: setup.paymentIntentId })).status, 200);
    // The user row names only its latest subscription; the subscriptions table names them all.
    await server.db('users').where({ id: user.id }).update({ stripeSubscriptionId: null });
    assert.equal((await client.post('/api/user/delete', { password })).status, 200);
    assert.equal(stripe.subscriptions.get(setup.subscriptionId)?.status, 'canceled');
  });
});
