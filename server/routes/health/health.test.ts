import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { JobScheduler } from '../../jobs/scheduler';
import { cleanupJob } from '../../jobs/cleanup';
import { type TestServer, startTestServer } from '../../test/harness';
import { signedInClient } from '../../test/factories';
import { buildEmail, buildPush, buildPushSubscription } from '../../test/table-factories';

const TOKEN = 'metrics-token-for-the-test-0123';

describe('health: liveness and readiness', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('live and ready answer ok on a migrated database', async () => {
    for (const p of ['/api/health/live', '/api/health/ready', '/api/health']) {
      const res = await fetch(server.url + p);
      assert.equal(res.status, 200, p);
      assert.deepEqual(await res.json(), { status: 'ok' });
      assert.equal(res.headers.get('cache-control'), 'no-store');
    }
  });

  test('ready is 503 naming the pending migration when the database is behind this build; live stays 200', async () => {
    const last = await server.db('knex_migrations').orderBy('id', 'desc').first();
    await server.db('knex_migrations').where({ id: last.id }).delete();
    try {
      const res = await fetch(`${server.url}/api/health/ready`);
      assert.equal(res.status, 503);
      const body = (await res.json()) as { message: string; pending: string[] };
      assert.match(body.message, /^Database not migrated: 1 migration pending \(run saathi migrate\)$/);
      assert.deepEqual(body.pending, [last.name]);
      assert.equal((await fetch(`${server.url}/api/health/live`)).status, 200);
    } finally {
      await server.db('knex_migrations').insert(last);
    }
    assert.equal((await fetch(`${server.url}/api/health/ready`)).status, 200);
  });

  test('while draining after SIGTERM, ready is 503 so the proxy stops sending; live stays 200', async () => {
    server.services.lifecycle.draining = true;
    try {
      const res = await fetch(`${server.url}/api/health/ready`);
      assert.equal(res.status, 503);
      assert.match(((await res.json()) as { message: string }).message, /^Shutting down/);
      assert.equal((await fetch(`${server.url}/api/health/live`)).status, 200);
    } finally {
      server.services.lifecycle.draining = false;
    }
  });

  test('without METRICS_TOKEN there is no /metrics', async () => {
    const res = await fetch(`${server.url}/metrics`);
    assert.equal(res.status, 404);
    assert.doesNotMatch(await res.text(), /saathi_/);
  });
});

describe('GET /metrics', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ metricsToken: TOKEN });
  });
  after(() => server.close());
  const scrape = async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    return res.text();
  };
  const value = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    assert.ok(line, `${series} in the scrape`);
    return Number(line.split(' ')[1]);
  };

  test('refused without the token or with a wrong one', async () => {
    assert.equal((await fetch(`${server.url}/metrics`)).status, 401);
    const wrong = await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer not-the-token-at-all' } });
    assert.equal(wrong.status, 401);
    assert.doesNotMatch(await wrong.text(), /saathi_/);
  });

  test('request latency is counted by route pattern and status, never by raw id', async () => {
    const before = await scrape();
    const series = 'saathi_http_request_duration_seconds_count{method="GET",route="/api/health/live",status="200"}';
    const start = before.includes(series) ? value(before, series) : 0;
    for (let i = 0; i < 3; i++) await fetch(`${server.url}/api/health/live`);
    const { client, user } = await signedInClient(server);
    assert.equal((await client.get(`/api/users/${user.id}/profile`)).status, 404);
    const after = await scrape();
    assert.equal(value(after, series), start + 3);
    assert.match(after, /saathi_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/users\/:userId\/profile",status="404"\}/);
    assert.doesNotMatch(after, new RegExp(`route="/api/users/${user.id}/`));
  });

  test('outbox backlog, job runs and the match engine are read at scrape time', async () => {
    const mail = (subject: string, sentAt: number | null) => ({ toEmail: 'm@example.test', subject, bodyText: 'x', kind: 'test', sentAt, createdAt: Date.now() });
    for (const row of [mail('waiting 1', null), mail('waiting 2', null), mail('sent', Date.now())]) await buildEmail(server.db, row);
    const expected = Number((await server.db('email_outbox').whereNull('sentAt').whereNull('handledAt').count({ n: '*' }).first())?.n);
    await new JobScheduler(server.db, [cleanupJob]).runNow('cleanup');
    const text = await scrape();
    assert.equal(value(text, 'saathi_outbox_backlog'), expected);
    assert.ok(expected >= 2);

    // Pushes: one waiting for a retry counts, a delivered one does not.
    const { user } = await signedInClient(server);
    const { id: subscriptionId } = await buildPushSubscription(server.db, { userId: user.id, endpoint: 'https://fcm.googleapis.com/fcm/send/metrics', endpointHash: 'metrics'.padEnd(64, '0') });
    const push = (sentAt: number | null) => ({ subscriptionId, payload: sentAt ? null : {}, urgency: 'normal', attempts: 1, nextAttemptAt: sentAt ? null : Date.now() + 60_000, expiresAt: Date.now() + 86_400_000, createdAt: Date.now(), sentAt });
    for (const row of [push(null), push(Date.now())]) await buildPush(server.db, row);
    assert.equal(value(await scrape(), 'saathi_push_backlog'), 1);
    assert.equal(value(text, 'saathi_job_runs{job="cleanup",outcome="all"}'), 1);
    assert.equal(value(text, 'saathi_job_runs{job="cleanup",outcome="failed"}'), 0);
    assert.equal(value(text, 'saathi_match_engine_members'), server.services.engine.stats().members);
    assert.match(text, /^saathi_db_pool_connections\{state="used"\} \d+$/m);
    assert.match(text, /^saathi_process_resident_memory_bytes \d+/m);
  });
});
