// Saathi processes for multi-process tests: `saathi serve` started as an operator would, a client for them, and a
// reader of their live-event streams.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, type TestServer } from './harness';
import { profilePayload } from './factories';
import { freePort } from '../../scripts/lib/free-port';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Proc {
  url: string;
  child: ChildProcess;
  output: () => string;
  dataDir: string;
}

/**
 * `saathi serve` in its own process on `databaseUrl` (a PostgreSQL copy from postgresDatabaseUrl), ready once its
 * health check answers. `env` adds or overrides settings (an S3 bucket, a public URL behind a proxy…).
 */
export async function startProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<Proc> {
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
      ...env,
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

export async function stopProcess(p: Proc): Promise<number | null> {
  if (p.child.exitCode !== null) return p.child.exitCode;
  const exited = new Promise<number | null>((r) => p.child.once('exit', (code) => r(code)));
  p.child.kill('SIGTERM');
  const code = await exited;
  fs.rmSync(p.dataDir, { recursive: true, force: true });
  return code;
}

export const asServer = (p: { url: string }) => ({ url: p.url, origin: p.url }) as unknown as TestServer;

/** Reads server-sent events from a fetch body; `next(kind)` resolves with the next event of that kind. */
export function eventReader(body: ReadableStream<Uint8Array>) {
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

export async function register(p: { url: string }, name: string, profile: Record<string, unknown> = {}): Promise<{ client: Client; id: number; profileId: number; username: string }> {
  const client = new Client(asServer(p));
  const suffix = Math.random().toString(36).slice(2, 8);
  const username = `${name.toLowerCase()}_${suffix}`;
  const res = await client.postForm('/api/auth/register', {
    fullName: name,
    username,
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
  return { client, id: me.id, profileId, username };
}
