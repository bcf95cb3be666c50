import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { User } from '../../models/user';
import { type TestServer, startTestServer } from '../../test/harness';
import { signedInClient } from '../../test/factories';
import { createAccount } from '../accounts';
import { addMonth, addToBillingClock, billingNow, periodEndAfter } from './clock';
import { runDemoRenewals } from './demo';
import { freeYearOf, syncUserTier } from './state';

const utc = (text: string) => Date.parse(`${text}Z`);
const iso = (ms: number) => new Date(ms).toISOString();

describe('calendar periods', () => {
  test('monthly periods are counted from the start day, so a short month does not move the later ones', () => {
    const anchor = utc('2027-01-31T10:00:00');
    const ends: string[] = [];
    let start = anchor;
    for (let i = 0; i < 5; i++) {
      start = periodEndAfter(anchor, start);
      ends.push(iso(start).slice(0, 10));
    }
    assert.deepEqual(ends, ['2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30']);
  });
});

describe('calendar periods in billing', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ firstFreePremium: 500 });
  });
  after(async () => {
    await server.close();
  });

  test('a first-500 account has premium for a calendar year (Feb 29 to Feb 28; a year spanning Feb 29 is 366 days), in both places that compute it', async () => {
    for (const [registered, ends] of [['2028-02-29T15:00:00', '2029-02-28T15:00:00.000Z'], ['2027-06-15T15:00:00', '2028-06-15T15:00:00.000Z']]) {
      const registeredAt = utc(registered);
      const name = `cal_${registered.slice(0, 10).replaceAll('-', '')}`;
      const user = await createAccount(
        server.db,
        { fullName: 'Calendar Year', username: name, email: `${name}@example.test`, password: 'correct horse battery' },
        { passwordParams: server.config.argon2, firstFreePremium: 500, now: registeredAt },
      );
      assert.equal(user.subscriptionTier, 'premium');
      assert.equal(iso(Number(user.subscriptionEnds)), ends, `registered ${registered}`);
      const grant = freeYearOf({ registrationNumber: user.registrationNumber, createdAt: registeredAt }, server.config, registeredAt);
      assert.equal(grant?.ends, user.subscriptionEnds, 'the tier projection counts the same year');
      // An Elite subscription that ended a month later: the projection gives the free year back, to the same instant.
      await server.db('subscriptions').insert({
        userId: user.id, provider: 'demo', providerSubscriptionId: `demo_sub_${name}`, tier: 'elite', status: 'canceled',
        currentPeriodStart: registeredAt, currentPeriodEnd: addMonth(registeredAt), canceledAt: addMonth(registeredAt), createdAt: registeredAt, updatedAt: registeredAt,
      });
      await syncUserTier(server.db, user.id, addMonth(registeredAt), server.config);
      const fresh = await User.query(server.db).findById(user.id);
      assert.deepEqual([fresh?.subscriptionTier, iso(Number(fresh?.subscriptionEnds))], ['premium', ends]);
    }
  });

  test('demo renewals keep the start day: a subscription from Jan 31 renews Feb 28, then Mar 31', async () => {
    await addToBillingClock(server.db, utc('2027-01-31T10:00:00') - (await billingNow(server.db)));
    const { client, user } = await signedInClient(server, { tier: 'tryme' });
    const setup = (await (await client.post(`/api/subscriptions/${user.id}`, { tier: 'premium' })).json()) as { clientSecret: string; paymentIntentId: string };
    await client.post(`/api/payments/demo/${setup.paymentIntentId}/confirm`, { clientSecret: setup.clientSecret, cardNumber: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Test Member' });
    assert.equal((await client.post(`/api/subscriptions/${user.id}/complete`, { tier: 'premium', paymentIntentId: setup.paymentIntentId })).status, 200);
    const renewals: string[] = [];
    for (let i = 0; i < 3; i++) {
      const current = (await (await client.get(`/api/subscriptions/${user.id}/current`)).json()) as { subscription: { renewsAt: string } };
      renewals.push(current.subscription.renewsAt.slice(0, 10));
      await addToBillingClock(server.db, Date.parse(current.subscription.renewsAt) - (await billingNow(server.db)) + 60_000);
      await runDemoRenewals(server.services);
    }
    assert.deepEqual(renewals, ['2027-02-28', '2027-03-31', '2027-04-30']);
  });
});
