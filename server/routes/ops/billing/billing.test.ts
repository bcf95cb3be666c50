import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DAY_MS, addToBillingClock, billingNow } from '../../../services/billing/clock';
import { runDemoRenewals } from '../../../services/billing/demo';
import { Client, type TestServer, startTestServer } from '../../../test/harness';
import { buildUser, signedInClient } from '../../../test/factories';
import { billingMetrics } from './billing';
import { buildPayment } from '../../../test/table-factories';

type Json = Record<string, unknown>;
let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

async function staff(role: 'reviewer' | 'admin') {
  const { user, password } = await buildUser(server, { role });
  const client = new Client(server);
  assert.equal((await client.post('/api/ops/session', { username: user.username, password })).status, 200);
  return client;
}

async function subscribe(tier: 'premium' | 'elite', card = '4242424242424242') {
  const m = await signedInClient(server, { tier: 'tryme' });
  const setup = (await (await m.client.post(`/api/subscriptions/${m.user.id}`, { tier })).json()) as { clientSecret: string; paymentIntentId: string };
  await m.client.post(`/api/payments/demo/${setup.paymentIntentId}/confirm`, { clientSecret: setup.clientSecret, cardNumber: card, expiry: '12/30', cvc: '123', name: 'Test Member' });
  assert.equal((await m.client.post(`/api/subscriptions/${m.user.id}/complete`, { tier, paymentIntentId: setup.paymentIntentId })).status, 200);
  return m;
}

describe('ops: subscription history and revenue/churn', () => {
  test("a member's page lists their subscriptions and invoices; reviewers may read it, members and visitors may not", async () => {
    const m = await subscribe('premium');
    await m.client.post(`/api/subscriptions/${m.user.id}/change`, { tier: 'elite' });
    const reviewer = await staff('reviewer');
    const res = await reviewer.get(`/api/ops/members/${m.user.id}/billing`);
    assert.equal(res.status, 200);
    const body = (await res.json()) as { subscriptions: Json[]; invoices: Json[]; oneOffPayments: Json[] };
    assert.equal(body.subscriptions.length, 1);
    assert.deepEqual([body.subscriptions[0].tier, body.subscriptions[0].status, body.subscriptions[0].card], ['elite', 'active', 'Visa ·4242']);
    assert.deepEqual(body.invoices.map((i) => i.reason).sort(), ['subscription_create', 'subscription_update']);
    assert.deepEqual(body.oneOffPayments, [], "a subscription's first payment is not listed again as a one-off payment");
    // A month bought once before subscriptions existed: shown, since no subscription or invoice holds it.
    const at = Date.now();
    await buildPayment(server.db, { userId: m.user.id, provider: 'stripe', intentId: `pi_oneoff_${m.user.id}`, tier: 'premium', amountCents: 1499, currency: 'usd', status: 'succeeded', isDemo: false, completedAt: at, periodEnds: at + 30 * 86_400_000, createdAt: at, updatedAt: at });
    const again = (await (await reviewer.get(`/api/ops/members/${m.user.id}/billing`)).json()) as { oneOffPayments: Json[] };
    assert.deepEqual(again.oneOffPayments.map((p) => [p.id, p.tier, p.amount, p.isDemo]), [[`pi_oneoff_${m.user.id}`, 'premium', '14.99', false]]);
    assert.equal((await reviewer.get('/api/ops/members/999999/billing')).status, 404);
    assert.equal((await m.client.get(`/api/ops/members/${m.user.id}/billing`)).status, 403);
    assert.equal((await new Client(server).get(`/api/ops/members/${m.user.id}/billing`)).status, 401);
  });

  test('revenue and churn per month equal a count over the invoices and subscriptions; admins only', async () => {
    await subscribe('premium');
    const failing = await subscribe('elite', '4000000000000341');
    const leaving = await subscribe('premium');
    await leaving.client.post(`/api/subscriptions/${leaving.user.id}/cancel`);
    for (let i = 0; i < 3; i++) {
      await addToBillingClock(server.db, 31 * DAY_MS);
      await runDemoRenewals(server.services);
    }
    assert.equal((await server.db('subscriptions').where({ userId: failing.user.id }).first()).status, 'canceled');
    const now = await billingNow(server.db);
    const months = await billingMetrics(server.db, now);
    // Oracle: straight from the rows.
    const invoices = await server.db('invoices').where({ status: 'paid' });
    const subs = await server.db('subscriptions');
    for (const m of months) {
      const [y, mo] = m.month.split('-').map(Number);
      const start = Date.UTC(y, mo - 1, 1);
      const end = Date.UTC(y, mo, 1);
      const cents = invoices.filter((i) => Number(i.paidAt) >= start && Number(i.paidAt) < end).reduce((s, i) => s + Number(i.amountCents), 0);
      assert.equal(m.revenue, (cents / 100).toFixed(2), m.month);
      const firstPaid = (id: number) => Math.min(...invoices.filter((i) => i.subscriptionId === id).map((i) => Number(i.paidAt)));
      const paying = subs.filter((s) => invoices.some((i) => i.subscriptionId === s.id) && firstPaid(s.id) < start && (s.canceledAt === null || Number(s.canceledAt) >= start));
      const churned = paying.filter((s) => s.canceledAt !== null && Number(s.canceledAt) < end).length;
      assert.deepEqual([m.payingAtStart, m.churned], [paying.length, churned], m.month);
    }
    assert.ok(months.some((m) => m.churned > 0), 'the cancellation and the failed renewal show as churn');
    assert.ok(months.filter((m) => Number(m.revenue) > 0).length >= 2, 'renewals earn in later months');

    const admin = await staff('admin');
    const res = await admin.get('/api/ops/billing/metrics');
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { months: Json[] }).months.length, 12);
    assert.equal((await (await staff('reviewer')).get('/api/ops/billing/metrics')).status, 403);
  });
});
