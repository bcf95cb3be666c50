import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PAYMENTS_NOT_CONFIGURED } from '../../services/payments';
import { type TestServer, startTestServer } from '../../test/harness';
import { signedInClient } from '../../test/factories';
import { assertSameErrorAnswer, withoutErrorId } from '../../test/error-bodies';
import { buildPayment } from '../../test/table-factories';

describe('outside demo mode with no Stripe keys', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demoMode: false });
  });
  after(() => server.close());

  test('checkout answers 503 "payments are not configured" and nothing is recorded', async () => {
    const { client, user } = await signedInClient(server, { tier: 'tryme' });
    const catalogue = (await (await client.get('/api/subscriptions')).json()) as { provider: unknown };
    assert.equal(catalogue.provider, null);
    const res = await client.post(`/api/subscriptions/${user.id}`, { tier: 'premium' });
    assert.equal(res.status, 503);
    assert.deepEqual(withoutErrorId(await res.json()), { message: PAYMENTS_NOT_CONFIGURED, code: 'payments_not_configured' });
    assert.equal((await server.db('payments').where({ userId: user.id })).length, 0);
    const complete = await client.post(`/api/subscriptions/${user.id}/complete`, { tier: 'premium', paymentIntentId: 'demo_pi_0123456789abcdef01234567' });
    assert.equal(complete.status, 503);
  });

  test('the demo card form does not exist: confirming with a test card upgrades no one', async () => {
    const { client, user } = await signedInClient(server, { tier: 'tryme' });
    const now = Date.now();
    // Even a demo intent left over from when the instance was a demo cannot be confirmed now.
    await buildPayment(server.db, {
      userId: user.id, provider: 'demo', intentId: 'demo_pi_leftover000000000000000', tier: 'premium', amountCents: 1499, currency: 'usd',
      status: 'requires_payment_method', isDemo: true, clientSecretHash: 'x', createdAt: now, updatedAt: now,
    });
    const confirm = await client.post('/api/payments/demo/demo_pi_leftover000000000000000/confirm', {
      clientSecret: 'demo_pi_leftover000000000000000_secret_x', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123',
    });
    const unknown = await client.post('/api/no-such-route', {});
    assert.equal(confirm.status, 404);
    await assertSameErrorAnswer(confirm, unknown, 'answers like a route that does not exist');
    const fresh = await server.db('users').where({ id: user.id }).first();
    assert.equal(fresh.subscriptionTier, 'tryme');
  });
});
