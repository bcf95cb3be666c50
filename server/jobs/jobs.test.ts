import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createDb } from '../db';
import { type TestServer, startTestServer } from '../test/harness';
import { buildProfile, buildUser } from '../test/factories';
import { RETENTION, cleanupJob } from './cleanup';
import { JobScheduler, defineJob, nextRunAfter } from './scheduler';
import { buildEmail, buildEmailConfirmationToken, buildLiveEvent, buildPasswordResetToken, buildProfileShare, buildRateLimit, buildSession } from '../test/table-factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

describe('job scheduler', () => {
  test('a due job runs once when several processes check at the same moment', async () => {
    // A second connection pool on the same database stands for a second process.
    const other = createDb(server.config);
    let runs = 0;
    const job = defineJob({
      name: 'count-once',
      everyMs: 60_000,
      description: 'counts',
      async run() {
        runs += 1;
        await new Promise((r) => setTimeout(r, 50));
        return `run ${runs}`;
      },
    });
    try {
      const schedulers = [new JobScheduler(server.db, [job]), new JobScheduler(other, [job]), new JobScheduler(server.db, [job]), new JobScheduler(other, [job])];
      const start = Date.now();
      await schedulers[0].ensureRows(start - 120_000);
      await server.db('jobs').where({ name: 'count-once' }).update({ nextRunAt: start - 1 });
      const ran = await Promise.all(schedulers.map((s) => s.runDue(start)));
      assert.equal(runs, 1, 'exactly one process ran it');
      assert.equal(ran.flat().length, 1);
      // Not due again until its interval has passed.
      assert.deepEqual((await Promise.all(schedulers.map((s) => s.runDue(start + 1_000)))).flat(), []);
      assert.equal((await Promise.all(schedulers.map((s) => s.runDue(Date.now() + 61_000)))).flat().length, 1);
      assert.equal(runs, 2);
      const [status] = await schedulers[1].status();
      assert.equal(status.runs, 2);
      assert.equal(status.lastResult, 'run 2');
      assert.equal(status.running, false);
    } finally {
      await other.destroy();
    }
  });

  test('a failing job records its error, counts the failure and is scheduled again', async () => {
    const job = defineJob({ name: 'always-fails', everyMs: 30_000, description: 'fails', run: async () => Promise.reject(new Error('disk on fire')) });
    const scheduler = new JobScheduler(server.db, [job]);
    const outcome = await scheduler.runNow('always-fails');
    assert.deepEqual(outcome, { ran: true, result: 'failed: disk on fire' });
    const [status] = await scheduler.status();
    assert.equal(status.failures, 1);
    assert.ok((status.nextRunAt ?? 0) > Date.now());
    await assert.rejects(scheduler.runNow('no-such-job'), /No job named no-such-job/);
  });
});

describe('daily jobs', () => {
  test('a dailyAt job is due at its UTC time: later today, or tomorrow once the time has passed', () => {
    const job = defineJob({ name: 'digest', dailyAt: '06:30', description: 'morning mail', run: async () => 'ok' });
    const day = Date.UTC(2026, 10, 25);
    assert.equal(nextRunAfter(job, day + 5 * 3_600_000), day + 6.5 * 3_600_000);
    assert.equal(nextRunAfter(job, day + 6.5 * 3_600_000), day + 86_400_000 + 6.5 * 3_600_000);
    assert.equal(nextRunAfter(job, day + 23 * 3_600_000), day + 86_400_000 + 6.5 * 3_600_000);
    assert.throws(() => defineJob({ name: 'bad', dailyAt: '25:00', description: 'x', run: async () => 'ok' }), /HH:MM/);
  });

  test('after a run a daily job is next due at its time, and runs once across processes then', async () => {
    let runs = 0;
    const job = defineJob({ name: 'daily-once', dailyAt: '03:15', description: 'daily', run: async () => `run ${++runs}` });
    const a = new JobScheduler(server.db, [job]);
    const b = new JobScheduler(server.db, [job]);
    await a.ensureRows();
    const [before] = await a.status();
    assert.equal(new Date(before.nextRunAt ?? 0).toISOString().slice(11, 16), '03:15');
    const due = (before.nextRunAt ?? 0) + 1;
    assert.equal((await Promise.all([a.runDue(due), b.runDue(due)])).flat().length, 1);
    const [after] = await b.status();
    assert.equal(after.lastResult, 'run 1');
    assert.equal(new Date(after.nextRunAt ?? 0).toISOString().slice(11, 16), '03:15');
    assert.ok((after.nextRunAt ?? 0) > Date.now());
  });
});

describe('cleanup job', () => {
  test('deletes what has expired and nothing else', async () => {
    const db = server.db;
    const now = Date.now();
    const old = now - 200 * 86_400_000;
    const { user } = await buildUser(server);
    const profile = await buildProfile(server, user);
    const session = (id: string, expiresAt: number) => ({ id, userId: user.id, data: '{}', expiresAt, createdAt: old, lastSeenAt: old });
    for (const row of [session('expired-session', now - 1), session('live-session', now + 3_600_000)]) await buildSession(db, row);
    await buildRateLimit(db, { key: 'old-window', windowStart: now - RETENTION.rateLimitsMs - 1, count: 3 });
    await buildRateLimit(db, { key: 'current-window', windowStart: now - 60_000, count: 3 });
    const token = (hash: string, expiresAt: number, usedAt: number | null = null) => ({ userId: user.id, tokenHash: hash.padEnd(64, '0'), expiresAt, usedAt, createdAt: old });
    for (const row of [token('a1', old), token('a2', now + 3_600_000), token('a3', now + 3_600_000, old)]) await buildPasswordResetToken(db, row);
    for (const row of [token('b1', old), token('b2', now + 3_600_000)]) await buildEmailConfirmationToken(db, row);
    const share = (code: string, expiresAt: number) => ({ profileId: profile.id, userId: user.id, shareCode: code, createdAt: old, expiresAt });
    for (const row of [share('long-gone', now - RETENTION.shareLinksMs - 1), share('recently-expired', now - 86_400_000), share('live', now + 86_400_000)]) await buildProfileShare(db, row);
    const mail = (subject: string, sentAt: number | null) => ({ toEmail: 'x@example.test', subject, bodyText: 'hi', kind: 'test', sentAt, createdAt: old });
    for (const row of [mail('old sent', old), mail('recent sent', now - 1000), mail('never sent', null)]) await buildEmail(db, row);
    const relayed = (kind: string, createdAt: number) => ({ userId: user.id, kind, payload: {}, createdAt });
    for (const row of [relayed('old-relay', now - RETENTION.liveEventsMs - 1), relayed('recent-relay', now - 1000)]) await buildLiveEvent(db, row);

    const outcome = await new JobScheduler(db, [cleanupJob]).runNow('cleanup');
    assert.equal(outcome.ran, true);
    assert.match(outcome.result ?? '', /sessions \d+/);

    assert.deepEqual((await db('sessions').whereIn('id', ['expired-session', 'live-session']).select('id')).map((r) => r.id), ['live-session']);
    assert.deepEqual((await db('rate_limits').whereIn('key', ['old-window', 'current-window']).select('key')).map((r) => r.key), ['current-window']);
    assert.deepEqual((await db('password_reset_tokens').where({ userId: user.id }).select('tokenHash')).map((r) => r.tokenHash.slice(0, 2)), ['a2']);
    assert.deepEqual((await db('email_confirmation_tokens').where({ userId: user.id }).select('tokenHash')).map((r) => r.tokenHash.slice(0, 2)), ['b2']);
    assert.deepEqual((await db('profile_shares').where({ userId: user.id }).orderBy('id').select('shareCode')).map((r) => r.shareCode), ['recently-expired', 'live']);
    assert.deepEqual((await db('email_outbox').where('toEmail', 'x@example.test').orderBy('id').select('subject')).map((r) => r.subject), ['recent sent', 'never sent']);
    assert.deepEqual((await db('live_events').where({ userId: user.id }).select('kind')).map((r) => r.kind), ['recent-relay']);
  });
});

describe('saathi jobs', () => {
  const cli = (args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../../cli/index.ts'), ...args], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: server.config.databaseUrl ?? '', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
      timeout: 60_000,
    });

  test('lists the jobs with their last run, runs one now, and refuses an unknown one', () => {
    const run = cli(['jobs', 'run', 'cleanup']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^cleanup: sessions \d+, rateLimits \d+/);
    const list = cli(['jobs']);
    assert.equal(list.status, 0, list.stderr);
    assert.match(list.stdout, /cleanup \(every 1 h\): deletes expired sessions/);
    assert.match(list.stdout, /last run \d{4}-\d\d-\d\d [\d:]+ \(\d+ ms\): sessions \d+/);
    const bad = cli(['jobs', 'run', 'nonsense']);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /^Error: No job named nonsense\. Jobs: cleanup, notification-emails, email-digests, billing-renewals/);
  });
});
