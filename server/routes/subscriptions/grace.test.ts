import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../config';
import { ConfigError } from '../../config-settings';
import { DAY_MS, addToBillingClock, billingNow } from '../../services/billing/clock';
import { runDemoRenewals } from '../../services/billing/demo';
import { type TestServer, startTestServer } from '../../test/harness';
import { signedInClient } from '../../test/factories';

type Json = Record<string, unknown>;
const FAILS_ON_RENEWAL = '4000 0000 0000 0341';

describe('BILLING_GRACE_DAYS: the grace period after a failed renewal is configuration', () => {
  test('read from the environment (default 7); a bad value is refused with the variable and what is allowed', () => {
    assert.equal(loadConfig({}, {}).billingGraceDays, 7);
    assert.equal(loadConfig({}, { BILLING_GRACE_DAYS: '0' }).billingGraceDays, 0);
    assert.equal(loadConfig({}, { BILLING_GRACE_DAYS: '60' }).billingGraceDays, 60);
    for (const bad of ['-1', '61', '7.5', 'seven', '3d']) {
      assert.throws(
        () => loadConfig({}, { BILLING_GRACE_DAYS: bad }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.message === `Configuration refused: BILLING_GRACE_DAYS=${JSON.stringify(bad)} is not allowed (allowed: a whole number of days from 0 to 60 (0: a failed renewal ends the paid plan at once)).`,
        bad,
      );
    }
  });
});

for (const graceDays of [3, 0]) {
  describe(`a declined renewal with BILLING_GRACE_DAYS=${graceDays}`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ billingGraceDays: graceDays });
    });
    after(async () => {
      await server.close();
    });

    async function subscribeWithFailingCard() {
      const member = await signedInClient(server, { tier: 'tryme' });
      const { client, user } = member;
      const { clientSecret, paymentIntentId } = (await (await client.post(`/api/subscriptions/${user.id}`, { tier: 'elite' })).json()) as Json & { clientSecret: string; paymentIntentId: string };
      assert.equal((await client.post(`/api/payments/demo/${paymentIntentId}/confirm`, { clientSecret, cardNumber: FAILS_ON_RENEWAL, expiry: '12/30', cvc: '123', name: 'Test Member' })).status, 200);
      assert.equal((await client.post(`/api/subscriptions/${user.id}/complete`, { tier: 'elite', paymentIntentId })).status, 200);
      return member;
    }

    /** Moves the demo clock to `at` (give or take the milliseconds the requests take) and runs what is due. */
    async function clockTo(at: number) {
      await addToBillingClock(server.db, at - (await billingNow(server.db)));
      await runDemoRenewals(server.services);
    }

    test(graceDays ? 'the plan is kept until exactly the grace end, then Tryme' : 'the plan ends with the failed renewal: Tryme at once, and the member is told so', async () => {
      const { client, user } = await subscribeWithFailingCard();
      const tier = async () => ((await (await client.get('/api/auth/user')).json()) as Json).subscriptionTier;
      const renewal = Number((await server.db('subscriptions').where({ userId: user.id }).first()).currentPeriodEnd);
      await clockTo(renewal + 60_000);
      const sub = await server.db('subscriptions').where({ userId: user.id }).first();
      const note = await server.db('notifications').where({ userId: user.id, title: 'Your renewal payment failed' }).first();
      if (graceDays === 0) {
        assert.equal(sub.status, 'canceled', 'no grace: the subscription ends with the failed renewal');
        assert.equal(await tier(), 'tryme');
        assert.match(note.content, /your account is on Tryme now/);
        return;
      }
      assert.equal(sub.status, 'past_due');
      assert.equal(Number(sub.graceUntil), renewal + graceDays * DAY_MS, 'grace counts from the renewal date');
      assert.match(note.content, /You keep your plan until/);
      const me = (await (await client.get('/api/auth/user')).json()) as Json;
      assert.equal(Date.parse(me.subscriptionEnds as string), renewal + graceDays * DAY_MS, 'access ends when the grace does');

      await clockTo(renewal + graceDays * DAY_MS - 60_000);
      assert.equal((await server.db('subscriptions').where({ userId: user.id }).first()).status, 'past_due', 'a minute before the grace ends: still past due');
      assert.equal(await tier(), 'elite');
      await clockTo(renewal + graceDays * DAY_MS + 60_000);
      assert.equal((await server.db('subscriptions').where({ userId: user.id }).first()).status, 'canceled', 'a minute after: ended');
      assert.equal(await tier(), 'tryme');
    });
  });
}
