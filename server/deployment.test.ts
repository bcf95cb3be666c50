// The deployment of the README, run for real: two `saathi serve` processes on one PostgreSQL database and one
// S3-compatible bucket (s3rver), behind a round-robin reverse proxy written here. A member uses the product through
// the proxy only and never knows which process answered: every response says so in X-Backend, and the test checks
// each promise held while both processes were answering. Runs in the PostgreSQL API suite (TEST_DATABASE_URL).
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import os from 'node:os';
import { createDb } from './db';
import { Client, dropTestDatabase, postgresDatabaseUrl } from './test/harness';
import { jpegBytes } from './test/factories';
import { type Proc, asServer, eventReader, register, startProcess, stopProcess } from './test/processes';
import { type TestS3, startTestS3 } from './test/s3';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * A reverse proxy like the one in compose.yaml: each request goes to the next backend in turn (streams included),
 * with X-Forwarded-For/-Proto/-Host, and the response names the backend that answered.
 */
class RoundRobinProxy {
  backends: Array<{ name: string; url: URL }> = [];
  private next = 0;
  readonly server = http.createServer((req, res) => {
    const backend = this.backends[this.next++ % this.backends.length];
    const upstream = http.request(
      {
        host: backend.url.hostname,
        port: backend.url.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '', 'x-forwarded-proto': 'http', 'x-forwarded-host': req.headers.host ?? '' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-backend': backend.name });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain', 'x-backend': backend.name });
      res.end('bad gateway');
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const backendOf = (res: Response) => res.headers.get('x-backend') ?? assert.fail('the proxy names the backend');

describe('two processes, one database, one bucket, behind a round-robin proxy', { skip: adminUrl ? false : 'needs PostgreSQL (TEST_DATABASE_URL)' }, () => {
  let databaseUrl: string;
  let s3: TestS3;
  const proxy = new RoundRobinProxy();
  let site: { url: string; origin: string };
  let one: Proc;
  let two: Proc;

  before(async () => {
    const url = await proxy.listen();
    site = { url, origin: url };
    [databaseUrl, s3] = await Promise.all([postgresDatabaseUrl(adminUrl as string), startTestS3()]);
    const env = { ...s3.env, PUBLIC_URL: url, TRUST_PROXY: 'true', RATE_LIMIT_REGISTER: '100' };
    [one, two] = await Promise.all([startProcess(databaseUrl, env), startProcess(databaseUrl, env)]);
    proxy.backends = [
      { name: 'one', url: new URL(one.url) },
      { name: 'two', url: new URL(two.url) },
    ];
  });

  after(async () => {
    await Promise.all([one && stopProcess(one), two && stopProcess(two)]);
    await proxy.close();
    await s3?.close();
    if (databaseUrl) await dropTestDatabase(adminUrl as string, databaseUrl);
  });

  it('a member signs in through the proxy and the session holds on both processes', async () => {
    const meera = await register(site, 'Meera');
    assert.equal((await meera.client.post('/api/auth/logout')).status, 200);
    assert.equal((await meera.client.get('/api/auth/user')).status, 401);
    const client = new Client(asServer(site));
    const login = await client.postForm('/api/auth/login', { username: meera.username, password: 'correct horse battery' });
    assert.equal(login.status, 200, await login.clone().text());
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await client.get('/api/auth/user');
      assert.equal(res.status, 200, `request ${i} on ${backendOf(res)}`);
      assert.equal(((await res.json()) as { id: number }).id, meera.id);
      seen.add(backendOf(res));
    }
    assert.deepEqual([...seen].sort(), ['one', 'two'], 'both processes honoured the session');
    const out = await client.post('/api/auth/logout');
    assert.equal(out.status, 200);
    for (let i = 0; i < 2; i++) assert.equal((await client.get('/api/auth/user')).status, 401, 'signed out on both');
  });

  it('the sign-in limit is reached across both processes, and then refuses even the right password on either', async () => {
    const ravi = await register(site, 'Ravi');
    const stranger = new Client(asServer(site));
    const answers: Array<[number, string]> = [];
    // RATE_LIMIT_LOGIN=4: four wrong guesses for the account, spread over both processes by the proxy.
    for (let i = 0; i < 4; i++) {
      const res = await stranger.postForm('/api/auth/login', { username: ravi.username, password: `wrong guess ${i}` });
      answers.push([res.status, backendOf(res)]);
    }
    assert.deepEqual(answers.map(([status]) => status), [401, 401, 401, 401]);
    assert.deepEqual([...new Set(answers.map(([, b]) => b))].sort(), ['one', 'two']);
    for (let i = 0; i < 2; i++) {
      const res = await stranger.postForm('/api/auth/login', { username: ravi.username, password: 'correct horse battery' });
      assert.equal(res.status, 429, `limit held on ${backendOf(res)}`);
      assert.ok(Number(res.headers.get('retry-after')) > 0);
    }
  });

  it('a message sent through one process reaches the live stream held by the other', async () => {
    const asha = await register(site, 'Asha');
    const vikram = await register(site, 'Vikram');
    const stream = await fetch(`${site.url}/api/events`, { headers: { Cookie: vikram.client.cookieHeader(), Accept: 'text/event-stream' } });
    assert.equal(stream.status, 200);
    const streamOn = backendOf(stream);
    const events = eventReader(stream.body as ReadableStream<Uint8Array>);
    assert.deepEqual(await events.next('ready'), { userId: vikram.id });
    // Round robin: of two messages in a row, one is written by the process that does not hold the stream.
    const sentOn: string[] = [];
    for (const content of ['Namaste from the first process', 'And from the second']) {
      const sent = await asha.client.post('/api/messages', { receiverId: vikram.id, content });
      assert.equal(sent.status, 201, await sent.clone().text());
      sentOn.push(backendOf(sent));
      const event = (await events.next('message')) as { content: string; senderId: number };
      assert.equal(event.content, content);
      assert.equal(event.senderId, asha.id);
    }
    assert.ok(sentOn.some((b) => b !== streamOn), `a message was written on the other process (stream on ${streamOn}, sent on ${sentOn.join(', ')})`);
    await events.cancel();
  });

  it('a photo uploaded through one process is served by both from the bucket, with the same access check', async () => {
    const owner = await register(site, 'Lata');
    const up = await owner.client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'lata.jpg', 'image/jpeg');
    assert.equal(up.status, 201, await up.clone().text());
    const { url } = (await up.json()) as { url: string };
    const fileKey = /([a-f0-9]{32})\.jpg$/.exec(url)?.[1] ?? assert.fail(url);
    assert.ok((await s3.keys()).includes(`media/${fileKey}.jpg`), 'stored in the shared bucket');
    for (const proc of [one, two]) {
      const local = path.join(proc.dataDir, 'media');
      assert.deepEqual(fs.existsSync(local) ? fs.readdirSync(local) : [], [], 'nothing in either data directory');
    }
    const stored = await s3.object(`media/${fileKey}.jpg`);
    const servedBy = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const res = await owner.client.get(url);
      assert.equal(res.status, 200, `served by ${backendOf(res)}`);
      assert.ok(Buffer.from(await res.arrayBuffer()).equals(stored ?? Buffer.alloc(0)));
      servedBy.add(backendOf(res));
    }
    assert.deepEqual([...servedBy].sort(), ['one', 'two']);
    const other = await register(site, 'Arun');
    for (let i = 0; i < 2; i++) assert.equal((await other.client.get(url)).status, 404, 'a photo not on a profile stays private on both');
  });

  it('a due job runs once, on one of the two processes', async () => {
    const db = createDb({ dataDir: os.tmpdir(), databaseUrl, dbClient: 'pg' });
    try {
      // Make the hourly cleanup due now; both processes check every 15 s.
      await db('jobs').where({ name: 'cleanup' }).update({ nextRunAt: Date.now() - 1000 });
      const before = Number((await db('jobs').where({ name: 'cleanup' }).first('runs')).runs);
      const deadline = Date.now() + 60_000;
      while (Number((await db('jobs').where({ name: 'cleanup' }).first('runs')).runs) === before) {
        if (Date.now() > deadline) assert.fail('cleanup did not run within a minute');
        await new Promise((r) => setTimeout(r, 500));
      }
      // One more check interval for both processes: the job is not run a second time.
      await new Promise((r) => setTimeout(r, 16_000));
      const row = await db('jobs').where({ name: 'cleanup' }).first('runs', 'failures', 'lastResult', 'nextRunAt');
      assert.equal(Number(row.runs), before + 1, 'run exactly once');
      assert.equal(Number(row.failures), 0, String(row.lastResult));
      assert.ok(Number(row.nextRunAt) > Date.now() + 30 * 60_000, 'next run an hour on');
    } finally {
      await db.destroy();
    }
  });
});
