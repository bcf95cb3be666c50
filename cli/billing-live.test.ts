// `saathi billing advance` beside a running `saathi serve` on one database (SQLite in one data directory, or a
// PostgreSQL copy when TEST_DATABASE_URL is set): what the CLI's clock makes happen reaches the member's open
// event stream in the server at once, as a renewal made by the server itself would.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { dropTestDatabase, postgresDatabaseUrl } from '../server/test/harness';
import { type Proc, eventReader, register, startProcess, stopProcess } from '../server/test/processes';

const ROOT = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.TEST_DATABASE_URL;
const FAILS_ON_RENEWAL = '4000 0000 0000 0341';
const CARD = { expiry: '12/30', cvc: '123', name: 'Meera Test' };

/** The CLI as an operator runs it, on the server's database. */
function advance(proc: Proc, databaseUrl: string, days: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'cli/index.ts'), 'billing', 'advance', '--days', String(days)], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: proc.dataDir, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe(`saathi billing advance while saathi serve runs (${adminUrl ? 'PostgreSQL' : 'SQLite'})`, () => {
  let proc: Proc;
  let databaseUrl = '';
  before(async () => {
    if (adminUrl) databaseUrl = await postgresDatabaseUrl(adminUrl);
    proc = await startProcess(databaseUrl);
  });
  after(async () => {
    await stopProcess(proc);
    if (adminUrl) await dropTestDatabase(adminUrl, databaseUrl);
  });

  test("a failed renewal and then the end of the plan reach the member's open stream as the CLI applies them", async () => {
    const { client, id } = await register(proc, 'Meera');
    const setup = (await (await client.post(`/api/subscriptions/${id}`, { tier: 'premium' })).json()) as { clientSecret: string; paymentIntentId: string };
    assert.equal((await client.post(`/api/payments/demo/${setup.paymentIntentId}/confirm`, { clientSecret: setup.clientSecret, cardNumber: FAILS_ON_RENEWAL, ...CARD })).status, 200);
    assert.equal((await client.post(`/api/subscriptions/${id}/complete`, { tier: 'premium', paymentIntentId: setup.paymentIntentId })).status, 200);

    const stream = await fetch(`${proc.url}/api/events`, { headers: { Cookie: client.cookieHeader() } });
    assert.equal(stream.status, 200);
    const events = eventReader(stream.body as ReadableStream<Uint8Array>);
    /** The next event of this kind that matches (one billing change may send several). */
    const until = async <T>(kind: string, match: (data: T) => boolean): Promise<T> => {
      for (;;) {
        const data = (await events.next(kind, 5000)) as T;
        if (match(data)) return data;
      }
    };
    try {
      await events.next('ready');

      const renewal = await advance(proc, databaseUrl, 31);
      assert.equal(renewal.code, 0, renewal.output);
      assert.match(renewal.output, /billing event\(s\) applied/);
      const cliDone = Date.now();
      const failed = (await events.next('subscription', 5000)) as { status: string; subscriptionTier: string };
      assert.deepEqual([failed.status, failed.subscriptionTier], ['past_due', 'premium'], 'past due, the plan kept through the grace period');
      assert.ok(Date.now() - cliDone < 3000, `within a few seconds of the CLI, not at some later request (${Date.now() - cliDone} ms)`);
      const notice = (await events.next('notification', 5000)) as { title: string };
      assert.equal(notice.title, 'Your renewal payment failed');

      const end = await advance(proc, databaseUrl, 8);
      assert.equal(end.code, 0, end.output);
      // (The member is among the first 500 registrations, so their free Premium year remains after the subscription.)
      const ended = await until<{ status: string }>('subscription', (e) => e.status !== 'past_due');
      assert.equal(ended.status, 'canceled');
      assert.equal((await until<{ title: string }>('notification', () => true)).title, 'Your Premium plan has ended');
    } finally {
      await events.cancel();
    }
    const billing = (await (await client.get(`/api/subscriptions/${id}/current`)).json()) as { subscription: { status: string } };
    assert.equal(billing.subscription.status, 'canceled');
  });
});
