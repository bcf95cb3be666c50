// Two Saathi processes on one PostgreSQL database, as behind a load balancer: a session made on one is valid on
// the other, rate-limit counters are shared, and a message sent through one reaches the chat stream (SSE) held
// open by the other through LISTEN/NOTIFY. Runs in the PostgreSQL API suite (TEST_DATABASE_URL).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client, type TestServer, dropTestDatabase, postgresDatabaseUrl } from './test/harness';
import { profilePayload } from './test/factories';
import { freePort } from '../scripts/lib/free-port';

const ROOT = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.TEST_DATABASE_URL;

interface Proc {
  url: string;
  child: ChildProcess;
  output: () => string;
  dataDir: string;
}

async function startProcess(databaseUrl: string): Promise<Proc> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-xproc-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'cli/index.ts'), 'serve'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_REQUESTS: 'false',
      ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1',
      DEMO_MODE: 'true',
      // Behind a load balancer every process signs cookies with the same keys.
      SESSION_KEYS: 'cross-process-test-key-0123456789abcdef',
      RATE_LIMIT_LOGIN: '4',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`serve exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error(`serve did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return { url, child, output: () => output, dataDir };
}

async function stopProcess(p: Proc): Promise<number | null> {
  if (p.child.exitCode !== null) return p.child.exitCode;
  const exited = new Promise<number | null>((r) => p.child.once('exit', (code) => r(code)));
  p.child.kill('SIGTERM');
  const code = await exited;
  fs.rmSync(p.dataDir, { recursive: true, force: true });
  return code;
}

const asServer = (p: Proc) => ({ url: p.url, origin: p.url }) as unknown as TestServer;

/** Reads server-sent events from a fetch body; `next(kind)` resolves with the next event of that kind. */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queue: Array<{ event: string; data: unknown }> = [];
  async function next(kind: string, timeoutMs = 15_000): Promise<unknown> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = queue.findIndex((e) => e.event === kind);
      if (i >= 0) return queue.splice(i, 1)[0].data;
      if (Date.now() > deadline) throw new Error(`no "${kind}" event within ${timeoutMs} ms (got ${queue.map((e) => e.event).join(', ') || 'nothing'})`);
      const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
      if (chunk === null) continue;
      if (chunk.done) throw new Error('event stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) queue.push({ event, data: JSON.parse(data) });
        end = buffer.indexOf('\n\n');
      }
    }
  }
  return { next, cancel: () => reader.cancel().catch(() => {}) };
}

async function register(p: Proc, name: string, profile: Record<string, unknown> = {}): Promise<{ client: Client; id: number; profileId: number }> {
  const client = new Client(asServer(p));
  const suffix = Math.random().toString(36).slice(2, 8);
  const res = await client.postForm('/api/auth/register', {
    fullName: name,
    username: `${name.toLowerCase()}_${suffix}`,
    email: `${name.toLowerCase()}_${suffix}@example.test`,
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
    subscriptionTier: 'tryme',
  });
  assert.equal(res.status, 201, await res.clone().text());
  const me = (await (await client.get('/api/auth/user')).json()) as { id: number };
  // With a profile, so the other members of the test may start a conversation with them.
  const created = await client.post('/api/profiles', profilePayload(profile));
  assert.equal(created.status, 201, await created.clone().text());
  const { id: profileId } = (await created.json()) as { id: number };
  return { client, id: me.id, profileId };
}

describe('two Saathi processes on one PostgreSQL database', { skip: adminUrl ? false : 'needs PostgreSQL (TEST_DATABASE_URL)' }, () => {
  let databaseUrl: string;
  let one: Proc;
  let two: Proc;

  before(async () => {
    databaseUrl = await postgresDatabaseUrl(adminUrl as string);
    [one, two] = await Promise.all([startProcess(databaseUrl), startProcess(databaseUrl)]);
  });

  after(async () => {
    await Promise.all([one && stopProcess(one), two && stopProcess(two)]);
    await dropTestDatabase(adminUrl as string, databaseUrl);
  });

  it('a message sent through one process reaches the chat stream open on the other', async () => {
    const asha = await register(one, 'Asha');
    const ravi = await register(two, 'Ravi');

    // Ravi has his chat open on process two: its live-event stream.
    const stream = await fetch(`${two.url}/api/events`, { headers: { Cookie: ravi.client.cookieHeader(), Accept: 'text/event-stream' } });
    assert.equal(stream.status, 200);
    const events = eventReader(stream.body as ReadableStream<Uint8Array>);
    assert.deepEqual(await events.next('ready'), { userId: ravi.id });

    // Asha writes through process one; a long message (several NOTIFY parts) as well as a short one.
    const short = 'Namaste Ravi! Sent through the other server.';
    const long = `${'नमस्ते 🙏 '.repeat(200)}end`.slice(0, 2000);
    for (const content of [short, long]) {
      const sent = await asha.client.post('/api/messages', { receiverId: ravi.id, content });
      assert.equal(sent.status, 201, await sent.clone().text());
      const event = (await events.next('message')) as { content: string; senderId: number; receiverId: number; senderName: string };
      assert.equal(event.content, content.trim());
      assert.equal(event.senderId, asha.id);
      assert.equal(event.receiverId, ravi.id);
      assert.equal(event.senderName, 'Asha');
    }
    // …and the bell: the message notification arrives on the same stream.
    const note = (await events.next('notification')) as { type: string; title: string };
    assert.equal(note.type, 'message');
    assert.equal(note.title, 'New message from Asha');

    // Reading the thread on process two sends the read receipt back to Asha's stream on process one.
    const ashaStream = await fetch(`${one.url}/api/events`, { headers: { Cookie: asha.client.cookieHeader(), Accept: 'text/event-stream' } });
    const ashaEvents = eventReader(ashaStream.body as ReadableStream<Uint8Array>);
    await ashaEvents.next('ready');
    const thread = await ravi.client.get(`/api/messages/${ravi.id}/${asha.id}`);
    assert.equal(thread.status, 200);
    const receipt = (await ashaEvents.next('read')) as { readerId: number; messageIds: number[] };
    assert.equal(receipt.readerId, ravi.id);
    assert.equal(receipt.messageIds.length, 2);
    await events.cancel();
    await ashaEvents.cancel();
  });

  it('a session made on one process is valid on the other, and sign-out ends it on both', async () => {
    const meera = await register(one, 'Meera');
    const onTwo = new Client(asServer(two));
    onTwo.cookies = new Map(meera.client.cookies);
    assert.equal((await onTwo.get('/api/auth/user')).status, 200);
    assert.equal((await onTwo.post('/api/auth/logout')).status, 200);
    assert.equal((await meera.client.get('/api/auth/user')).status, 401);
  });

  it('login rate-limit counters are shared between the processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const target = i % 2 === 0 ? one : two;
      const res = await new Client(asServer(target)).postForm('/api/auth/login', { username: 'nobody_here', password: 'wrong password' });
      statuses.push(res.status);
    }
    // RATE_LIMIT_LOGIN=4 per window: four refusals for bad credentials, then 429 whichever process answers.
    assert.deepEqual(statuses.slice(0, 4), [401, 401, 401, 401]);
    assert.equal(statuses[4], 429);
  });

  it("the match engine of each process follows the other's writes: edit, hide, block, unhide", async () => {
    const lata = await register(one, 'Lata', { gender: 'female', lookingFor: 'male', city: 'Toronto' });
    const arun = await register(two, 'Arun', { gender: 'male', lookingFor: 'female', city: 'Kingston' });
    const idsFor = async (query: string) => ((await (await lata.client.get(`/api/search?query=${query}`)).json()) as Array<{ userId: number }>).map((c) => c.userId);
    // Each step is written through process two and searched for through process one, at once and then until it
    // shows (no timing assertion here: npm run bench measures the write-to-visible latency).
    const eventually = async (query: string, present: boolean) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        if ((await idsFor(query)).includes(arun.id) === present) return;
        if (Date.now() > deadline) throw new Error(`search "${query}" on process one still ${present ? 'misses' : 'shows'} Arun`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    await eventually('kingston', true);
    assert.equal((await arun.client.patch(`/api/profiles/${arun.profileId}`, { city: 'Guelph' })).status, 200);
    await eventually('guelph', true);
    await eventually('kingston', false);
    assert.equal((await arun.client.patch(`/api/users/${arun.id}/privacy-settings`, { profileVisibility: 'none' })).status, 200);
    await eventually('guelph', false);
    assert.equal((await arun.client.patch(`/api/users/${arun.id}/privacy-settings`, { profileVisibility: 'all' })).status, 200);
    await eventually('guelph', true);
    assert.equal((await arun.client.post('/api/blocks', { userId: lata.id })).status, 201);
    await eventually('guelph', false);
  });

  it('SIGTERM ends open streams and stops the process cleanly', async () => {
    const kiran = await register(two, 'Kiran');
    const stream = await fetch(`${two.url}/api/events`, { headers: { Cookie: kiran.client.cookieHeader(), Accept: 'text/event-stream' } });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const code = await stopProcess(two);
    assert.equal(code, 0, two.output());
    for (;;) {
      const { done } = await reader.read().catch(() => ({ done: true }));
      if (done) break;
    }
    // "stopped" is logged only once the HTTP server has closed (every stream ended) and the database is closed,
    // not by the 10-second fallback exit.
    assert.match(two.output(), /"msg":"stopped"/);
  });
});
