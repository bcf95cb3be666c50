// Shared by the load and crash scripts: a fresh seeded data directory, Saathi in its own process on loopback,
// a small keep-alive HTTP client with cookies, and figures.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const CLI = ['--import', 'tsx', path.join(ROOT, 'cli/index.ts')];
import { DEMO_CREDENTIALS } from '../../fixtures/demo-credentials';
import { DEMO_MEMBER_PASSWORD } from '../../fixtures/demo-seed';
import { freePort } from '../lib/free-port';
export { freePort } from '../lib/free-port';

/** The password of a seeded member: the demo account has its own, every generated member shares one. */
export function passwordOf(username: string): string {
  return username === DEMO_CREDENTIALS.member.username ? DEMO_CREDENTIALS.member.password : DEMO_MEMBER_PASSWORD;
}

// Servers started here never outlive the script, whatever way it ends.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of running) child.kill('SIGKILL');
    process.exit(130);
  });
}

export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

/** Settings for the server under test: loopback only, no throttling of the simulated members, quiet logs. */
function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_MODE: 'true',
    LOG_REQUESTS: 'false',
    ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1',
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_REGISTER: '100000',
    TRYME_MESSAGE_LIMIT: '100000',
    SESSION_KEYS: 'load-test-key-0123456789abcdef0123456789abcdef',
  };
}

export function freshDataDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `saathi-${label}-`));
}

/** `saathi seed` into a fresh data directory (the demo members all share one known password). */
export function seed(dataDir: string, profiles: number): void {
  const res = spawnSync(process.execPath, [...CLI, 'seed', '-n', String(profiles), '--data-dir', dataDir], {
    cwd: ROOT,
    env: serverEnv(0, dataDir),
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`seeding failed:\n${res.stdout}\n${res.stderr}`);
}

export interface SaathiProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `saathi serve` in its own process; resolves once /api/health answers. */
export async function startSaathi(dataDir: string, port?: number): Promise<SaathiProcess> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, [...CLI, 'serve', '--data-dir', dataDir], {
    cwd: ROOT,
    env: serverEnv(chosen, dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${chosen}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (gone) throw new Error(`Saathi exited during startup:\n${output}`);
    if (Date.now() > until) throw new Error(`Saathi did not answer within 60 s:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, port: chosen, child, output: () => output, exited };
}

export async function stopSaathi(proc: SaathiProcess): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  await proc.exited;
}

export interface Reply {
  status: number;
  body: unknown;
  ms: number;
  /** a network-level failure (reset, refused, timeout) instead of an HTTP status */
  error?: string;
}

/** One simulated member: its own keep-alive connection(s) and session cookie; Origin on writes like a browser. */
export class Member {
  cookie = '';
  readonly agent: http.Agent;
  constructor(
    readonly base: string,
    readonly username: string,
    connections = 1,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  }

  request(method: string, pathname: string, json?: unknown, timeoutMs = 30_000): Promise<Reply> {
    const started = performance.now();
    const payload = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
    const url = new URL(pathname, this.base);
    return new Promise((resolve) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method,
          agent: this.agent,
          headers: {
            Accept: 'application/json',
            ...(this.cookie ? { Cookie: this.cookie } : {}),
            ...(method !== 'GET' ? { Origin: this.base } : {}),
            ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': payload.length } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            for (const c of res.headers['set-cookie'] ?? []) {
              const pair = c.split(';')[0];
              if (pair.startsWith('saathi.sid')) this.cookie = mergeCookie(this.cookie, pair);
            }
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            if ((res.headers['content-type'] ?? '').includes('json')) {
              try {
                body = JSON.parse(text);
              } catch {
                body = text;
              }
            }
            resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started });
          });
          res.on('error', (e) => resolve({ status: 0, body: null, ms: performance.now() - started, error: e.message }));
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
      req.on('error', (e: NodeJS.ErrnoException) => resolve({ status: 0, body: null, ms: performance.now() - started, error: e.code ?? e.message }));
      if (payload) req.write(payload);
      req.end();
    });
  }

  async signIn(password = passwordOf(this.username)): Promise<number> {
    const res = await this.request('POST', '/api/auth/login', { username: this.username, password });
    if (res.status !== 200) throw new Error(`sign-in of ${this.username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    const body = res.body as { user?: { id: number }; id?: number };
    return body.user?.id ?? (body.id as number);
  }

  close(): void {
    this.agent.destroy();
  }
}

function mergeCookie(current: string, pair: string): string {
  const [name] = pair.split('=');
  const rest = current
    .split('; ')
    .filter((c) => c && !c.startsWith(`${name}=`));
  return [...rest, pair].join('; ');
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function openDatabase(dataDir: string, readonly = false): Database.Database {
  return new Database(path.join(dataDir, 'saathi.sqlite'), { readonly, fileMustExist: true });
}

/** Who can do what in the seeded data: members, their profiles, their matches. */
export interface Cast {
  members: Array<{ id: number; username: string; profileId: number | null; matches: number[] }>;
  /** profiles everyone may view and like (visibility "all", active owner) */
  openProfiles: Array<{ id: number; userId: number }>;
}

export function castOf(dataDir: string): Cast {
  const db = openDatabase(dataDir, true);
  try {
    const users = db
      .prepare("SELECT u.id, u.username, p.id AS profileId FROM users u LEFT JOIN profiles p ON p.user_id = u.id AND p.is_deleted = 0 WHERE u.role = 'member' AND u.is_deleted = 0 AND u.status = 'active' ORDER BY u.id")
      .all() as Array<{ id: number; username: string; profileId: number | null }>;
    const blocked = new Set(
      (db.prepare('SELECT blocker_id AS a, blocked_id AS b FROM blocks').all() as Array<{ a: number; b: number }>).flatMap((r) => [`${r.a}:${r.b}`, `${r.b}:${r.a}`]),
    );
    const matches = db.prepare('SELECT user1_id AS a, user2_id AS b FROM matches').all() as Array<{ a: number; b: number }>;
    const byUser = new Map<number, number[]>();
    for (const m of matches) {
      if (blocked.has(`${m.a}:${m.b}`)) continue;
      byUser.set(m.a, [...(byUser.get(m.a) ?? []), m.b]);
      byUser.set(m.b, [...(byUser.get(m.b) ?? []), m.a]);
    }
    const openProfiles = db
      .prepare(
        "SELECT p.id, p.user_id AS userId FROM profiles p JOIN users u ON u.id = p.user_id LEFT JOIN privacy_settings s ON s.user_id = p.user_id WHERE p.is_deleted = 0 AND u.is_deleted = 0 AND u.status = 'active' AND u.role = 'member' AND COALESCE(s.profile_visibility, 'all') = 'all'",
      )
      .all() as Array<{ id: number; userId: number }>;
    return {
      members: users.map((u) => ({ ...u, matches: byUser.get(u.id) ?? [] })),
      openProfiles,
    };
  } finally {
    db.close();
  }
}

export function isBlockedPair(dataDir: string): (a: number, b: number) => boolean {
  const db = openDatabase(dataDir, true);
  try {
    const rows = db.prepare('SELECT blocker_id AS a, blocked_id AS b FROM blocks').all() as Array<{ a: number; b: number }>;
    const set = new Set(rows.flatMap((r) => [`${r.a}:${r.b}`, `${r.b}:${r.a}`]));
    return (a, b) => set.has(`${a}:${b}`);
  } finally {
    db.close();
  }
}

export function fmt(ms: number): string {
  return `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
}
