import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import { createApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Db, createDb, sqliteFile } from '../db';
import { migrateLatest } from '../migrations';
import { afterResponsesSettled } from '../services/after-response';
import type { AppServices } from '../context';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TEMPLATE_DIR = path.join(ROOT, '.tmp', 'templates');

function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  for (const dir of ['db/migrations', 'db/seeds']) {
    for (const file of fs.readdirSync(path.join(ROOT, dir)).sort()) hash.update(fs.readFileSync(path.join(ROOT, dir, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** A migrated SQLite file built once per schema version and copied for each test file (never re-migrated). */
async function templateFile(): Promise<string> {
  const file = path.join(TEMPLATE_DIR, `template-${migrationsHash()}.sqlite`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
  const building = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  const db = createDb({ dataDir: TEMPLATE_DIR, databaseUrl: null, dbClient: 'better-sqlite3' }, building);
  await migrateLatest(db);
  await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  await db.raw('PRAGMA journal_mode = DELETE');
  await db.destroy();
  fs.renameSync(building, file);
  for (const suffix of ['-wal', '-shm']) fs.rmSync(building + suffix, { force: true });
  return file;
}

export interface TestServer {
  url: string;
  origin: string;
  config: Config;
  db: Db;
  dataDir: string;
  logs: Record<string, unknown>[];
  /** the app's services (database, live events, match engine) for tests that drive them directly */
  services: AppServices;
  close(): Promise<void>;
}

/** A stand-in build output so the static routes can be tested without running the bundler. */
function fakeStaticDir(root: string): string {
  const dir = path.join(root, 'static');
  for (const app of ['member', 'ops']) {
    fs.mkdirSync(path.join(dir, app, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dir, app, 'index.html'), `<!doctype html><title>${app}</title><div id="root"></div>`);
    fs.writeFileSync(path.join(dir, app, 'assets', 'main-TESTHASH.js'), `console.log(${JSON.stringify(app)});\n`.repeat(200));
  }
  return dir;
}

/**
 * PostgreSQL runs (TEST_DATABASE_URL=postgres://user:pass@host/db with CREATEDB rights): a migrated template
 * database is built once per schema version, and each test file gets its own copy (CREATE DATABASE … TEMPLATE).
 */
export async function postgresDatabaseUrl(adminUrl: string): Promise<string> {
  const admin = new URL(adminUrl);
  const templateName = `saathi_tmpl_${migrationsHash()}`;
  const adminDb = createDb({ dataDir: os.tmpdir(), databaseUrl: adminUrl, dbClient: 'pg' });
  try {
    const exists = await adminDb.raw('SELECT 1 FROM pg_database WHERE datname = ?', [templateName]);
    if (exists.rows.length === 0) {
      const building = `${templateName}_b${process.pid}`;
      await adminDb.raw(`CREATE DATABASE ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const db = createDb({ dataDir: os.tmpdir(), databaseUrl: url.toString(), dbClient: 'pg' });
      await migrateLatest(db);
      await db.destroy();
      try {
        await adminDb.raw(`ALTER DATABASE ${building} RENAME TO ${templateName}`);
      } catch {
        await adminDb.raw(`DROP DATABASE IF EXISTS ${building}`);
      }
    }
    const name = `saathi_t_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
    await adminDb.raw(`CREATE DATABASE ${name} TEMPLATE ${templateName}`);
    admin.pathname = `/${name}`;
    return admin.toString();
  } finally {
    await adminDb.destroy();
  }
}

/**
 * Drops a per-file test database. PostgreSQL can briefly hold it with a process our role may not end (an
 * autovacuum worker, for one), so a refused drop is retried; one that still fails leaves a database behind,
 * which is reported but does not fail the tests that ran in it.
 */
export async function dropTestDatabase(adminUrl: string, databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const adminDb = createDb({ dataDir: os.tmpdir(), databaseUrl: adminUrl, dbClient: 'pg' });
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await adminDb.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        return;
      } catch (error) {
        if (attempt >= 10) {
          console.warn(`could not drop test database ${name}: ${(error as Error).message}`);
          return;
        }
        await new Promise((r) => setTimeout(r, 300));
      }
    }
  } finally {
    await adminDb.destroy();
  }
}

export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-test-'));
  const pgAdmin = process.env.TEST_DATABASE_URL;
  const dbClient = (pgAdmin ? 'pg' : process.env.DB_CLIENT === 'sqlite3' ? 'sqlite3' : 'better-sqlite3') as Config['dbClient'];
  const databaseUrl = pgAdmin ? await postgresDatabaseUrl(pgAdmin) : null;
  const config = loadConfig(
    {
      dataDir,
      databaseUrl,
      dbClient,
      demoMode: true,
      // The cheapest Argon2id the configuration allows, so suites that make many accounts stay quick.
      argon2: { memoryKib: 1024, timeCost: 1 },
      logRequests: false,
      sessionKeys: ['test-key-0123456789abcdef0123456789abcdef'],
      // Generous limits so suites are not throttled; the rate-limit tests set their own.
      rateLimits: {
        login: { max: 1000, windowMs: 60_000 },
        register: { max: 1000, windowMs: 60_000 },
        passwordReset: { max: 1000, windowMs: 60_000 },
        contact: { max: 1000, windowMs: 60_000 },
      },
      ...overrides,
    },
    {},
  );
  if (!databaseUrl) fs.copyFileSync(await templateFile(), sqliteFile(config));
  const db = createDb(config);
  await migrateLatest(db);
  const logs: Record<string, unknown>[] = [];
  const app = createApp(config, db, { log: (e) => logs.push(e), staticDir: fakeStaticDir(dataDir) });
  const live = app.context.services.live;
  await live.start();
  const server: http.Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    origin: url,
    config,
    db,
    dataDir,
    logs,
    services: app.context.services,
    async close() {
      await afterResponsesSettled();
      app.context.services.engine.close();
      await live.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      await db.destroy();
      if (databaseUrl && pgAdmin) await dropTestDatabase(pgAdmin, databaseUrl);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser-like client: keeps cookies, sends Origin on writes (as browsers do), asks for JSON. */
export class Client {
  cookies = new Map<string, string>();
  constructor(
    readonly server: TestServer,
    readonly defaults: { origin?: string | null } = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: string,
    pathname: string,
    options: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string>; redirect?: 'manual' | 'follow' } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (this.cookies.size) headers.Cookie = this.cookieHeader();
    const origin = this.defaults.origin === undefined ? this.server.origin : this.defaults.origin;
    if (method !== 'GET' && method !== 'HEAD' && origin && !('Origin' in headers)) headers.Origin = origin;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    const res = await fetch(this.server.url + pathname, { method, headers, body, redirect: options.redirect ?? 'manual' });
    // What the request left to do after answering (mail) is done before the test reads what it wrote.
    await afterResponsesSettled();
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(cookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** multipart/form-data upload, as a browser's FormData sends it */
  async upload(pathname: string, field: string, data: Buffer, filename: string, type: string): Promise<Response> {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
    const headers: Record<string, string> = { Accept: 'application/json', Origin: this.server.origin };
    if (this.cookies.size) headers.Cookie = this.cookieHeader();
    return fetch(this.server.url + pathname, { method: 'POST', headers, body: form });
  }

  get(pathname: string, headers: Record<string, string> = {}) {
    return this.request('GET', pathname, { headers });
  }
  post(pathname: string, json?: unknown) {
    return this.request('POST', pathname, { json });
  }
  postForm(pathname: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    return this.request('POST', pathname, { form, headers });
  }
  patch(pathname: string, json?: unknown) {
    return this.request('PATCH', pathname, { json });
  }
  delete(pathname: string) {
    return this.request('DELETE', pathname);
  }
}

/** Every table of the application schema, on either database. */
export async function listTables(db: Db): Promise<string[]> {
  if (db.client.config.client === 'pg') {
    const res = await db.raw("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'");
    return (res.rows as Array<{ name: string }>).map((r) => r.name);
  }
  const rows = (await db.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'profiles_fts%'")) as Array<{ name: string }>;
  return rows.map((r) => r.name);
}

/**
 * PostgreSQL: until another connection to this database waits for a lock (a second write waiting for an open
 * transaction's commit); fails when none does within five seconds.
 */
export async function untilWaitingForLock(db: Db): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const res = await db.raw("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
    if (Number(res.rows[0].n) > 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no second write waited for the open transaction');
}
