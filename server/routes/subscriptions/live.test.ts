import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { DAY_MS, addToBillingClock } from '../../services/billing/clock';
import { runDemoRenewals } from '../../services/billing/demo';
import { billingRenewalsJob } from '../../jobs/billing-renewals';
import { type Client, type TestServer, startTestServer } from '../../test/harness';
import { signedInClient } from '../../test/factories';

type Json = Record<string, unknown>;
type Received = { event: string; data: Json };
const GOOD_CARD = '4242 4242 4242 4242';
const FAILS_ON_RENEWAL = '4000 0000 0000 0341';
const CARD = { expiry: '12/30', cvc: '123', name: 'Test Member' };

/** The member's open event stream (GET /api/events, as the app's EventSource reads it), parsed as it arrives. */
function openStream(server: TestServer, client: Client) {
  const received: Received[] = [];
  let request: http.ClientRequest | null = null;
  const waiters = new Set<() => void>();
  const ready = new Promise<void>((resolve, reject) => {
    request = http.get(`${server.url}/api/events`, { headers: { Cookie: client.cookieHeader() } }, (res) => {
      let buffer = '';
      res.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) {
            received.push({ event, data: JSON.parse(data) as Json });
            if (event === 'ready') resolve();
            for (const wake of waiters) wake();
          }
          end = buffer.indexOf('\n\n');
        }
      });
    });
    request.on('error', (e) => (/aborted|socket hang up/.test(e.message) ? undefined : reject(e)));
  });
  return {
    ready,
    received,
    /** The first event after index `from` that matches; fails the test when none comes within 5 s. */
    next(from: number, match: (r: Received) => boolean): Promise<Received> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.slice(from).find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event; got ${JSON.stringify(received.slice(from))}`));
        }, 5000);
        waiters.add(check);
        check();
      });
    },
    close: () => request?.destroy(),
  };
}

describe('renewals, failures and recoveries reach the member on their live stream', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.close();
  });

  async function subscribe(tier: 'premium' | 'elite', card: string) {
    const member = await signedInClient(server, { tier: 'tryme' });
    const { client, user } = member;
    const { clientSecret, paymentIntentId } = (await (await client.post(`/api/subscriptions/${user.id}`, { tier })).json()) as { clientSecret: string; paymentIntentId: string };
    assert.equal((await client.post(`/api/payments/demo/${paymentIntentId}/confirm`, { clientSecret, cardNumber: card, ...CARD })).status, 200);
    assert.equal((await client.post(`/api/subscriptions/${user.id}/complete`, { tier, paymentIntentId })).status, 200);
    return member;
  }

  const advance = async (days: number) => {
    await addToBillingClock(server.db, days * DAY_MS);
    await runDemoRenewals(server.services);
  };

  test('a renewal: the bell gets "Payment received" and the stream says the plan runs a month longer', async () => {
    const { client, user } = await subscribe('premium', GOOD_CARD);
    const before = Number((await server.db('users').where({ id: user.id }).first()).subscriptionEnds);
    const stream = openStream(server, client);
    await stream.ready;
    const from = stream.received.length;
    await advance(31);
    const bell = await stream.next(from, (r) => r.event === 'notification');
    assert.equal(bell.data.title, 'Payment received: Premium');
    const change = await stream.next(from, (r) => r.event === 'subscription');
    assert.deepEqual([change.data.status, change.data.tier, change.data.subscriptionTier], ['active', 'premium', 'premium']);
    assert.ok(Date.parse(change.data.subscriptionEnds as string) > before + 27 * DAY_MS, 'the new period end, not the old one');
    stream.close();
  });

  test('a declined renewal, then a payment with another card: both reach the open stream as they happen', async () => {
    const { client, user } = await subscribe('elite', FAILS_ON_RENEWAL);
    const other = await signedInClient(server);
    const stream = openStream(server, client);
    const bystander = openStream(server, other.client);
    await Promise.all([stream.ready, bystander.ready]);
    let from = stream.received.length;
    await advance(31);
    assert.equal((await stream.next(from, (r) => r.event === 'notification')).data.title, 'Your renewal payment failed');
    const failed = await stream.next(from, (r) => r.event === 'subscription');
    assert.deepEqual([failed.data.status, failed.data.subscriptionTier], ['past_due', 'elite'], 'past due, the plan kept through the grace period');

    from = stream.received.length;
    assert.equal((await client.post(`/api/subscriptions/${user.id}/pay`, { cardNumber: GOOD_CARD, ...CARD })).status, 200);
    await stream.next(from, (r) => r.event === 'notification' && r.data.title === 'Payment received: Elite');
    const recovered = await stream.next(from, (r) => r.event === 'subscription' && r.data.status === 'active');
    assert.equal(recovered.data.subscriptionTier, 'elite');
    assert.deepEqual(
      bystander.received.filter((r) => r.event === 'subscription' || r.event === 'notification'),
      [],
      "another member's stream hears nothing of it",
    );
    stream.close();
    bystander.close();
  });

  test('the end of an unpaid subscription: "plan has ended" in the bell and Tryme on the stream', async () => {
    const { client } = await subscribe('premium', FAILS_ON_RENEWAL);
    const stream = openStream(server, client);
    await stream.ready;
    await advance(31);
    const from = stream.received.length;
    await advance(8);
    await stream.next(from, (r) => r.event === 'notification' && r.data.title === 'Your Premium plan has ended');
    const ended = await stream.next(from, (r) => r.event === 'subscription' && r.data.status === 'canceled');
    assert.equal(ended.data.subscriptionTier, 'tryme');
    stream.close();
  });

  test('renewals made by the periodic job reach the open stream too (the job publishes for every serving process)', async () => {
    const { client } = await subscribe('premium', GOOD_CARD);
    const stream = openStream(server, client);
    await stream.ready;
    const from = stream.received.length;
    await addToBillingClock(server.db, 31 * DAY_MS);
    const result = await billingRenewalsJob(server.config).run({ db: server.db, log: () => {}, now: Date.now() });
    assert.notEqual(result, '0 billing event(s)');
    const renewed = await stream.next(from, (r) => r.event === 'subscription' && r.data.status === 'active');
    assert.equal(renewed.data.subscriptionTier, 'premium');
    assert.equal((await stream.next(from, (r) => r.event === 'notification')).data.title, 'Payment received: Premium');
    stream.close();
  });
});
