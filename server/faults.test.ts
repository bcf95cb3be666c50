import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DBError } from 'objection';
import knex from 'knex';
import { CONTENTION_MESSAGE, STORAGE_MESSAGES, dataDirProblem, toResponse } from './errors';
import { isPostgres, sqliteFile } from './db';
import { uploadTempDir } from './routes/photos/photos';
import { mediaDir } from './services/photos';
import { buildProfile, buildUser, jpegBytes, profilePayload, signedInClient } from './test/factories';
import { Client, type TestServer, startTestServer, untilWaitingForLock } from './test/harness';
import { freePort } from '../scripts/lib/free-port';

// Storage faults and broken clients. What is real and what is simulated:
// - read-only SQLite while serving: real SQLite refusing writes (PRAGMA query_only on the server's connection);
// - full disk, read-only media directory, read-only data directory at startup: real, a tmpfs or a read-only bind
//   mount in a private mount namespace (`unshare --user --map-root-user --mount`), with Saathi in its own process;
//   skipped, saying so, where the kernel does not allow unprivileged namespaces;
// - the error mapping of PostgreSQL's codes: simulated errors (unit level);
// - a client disconnecting mid-upload: a real socket destroyed halfway through the body.

const ROOT = path.resolve(import.meta.dirname, '..');
type Json = Record<string, unknown>;

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  assert.fail(`timed out waiting for: ${what}`);
}

/** A clear refusal: the expected status, the plain message, nothing from SQL, a stack or a file path. */
async function assertStorageRefusal(res: Response, status: number, message: string, what: string): Promise<void> {
  const text = await res.text();
  assert.equal(res.status, status, `${what}: ${text}`);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  const body = JSON.parse(text) as Json;
  assert.equal(body.message, message, what);
  assert.doesNotMatch(text, /SQLITE|ENOSPC|EROFS|errno|\bat \w|\/tmp\/|node_modules/, `${what}: no internals in the response`);
}

describe('storage errors map to clear 503 / 507 (unit, simulated errors)', () => {
  const cases: Array<[string, unknown, number, string]> = [
    ['fs ENOSPC', Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }), 507, STORAGE_MESSAGES.full],
    ['fs EROFS', Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }), 503, STORAGE_MESSAGES.readOnly],
    ['better-sqlite3 SQLITE_FULL', Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }), 507, STORAGE_MESSAGES.full],
    ['better-sqlite3 SQLITE_READONLY', Object.assign(new Error('attempt to write a readonly database'), { code: 'SQLITE_READONLY' }), 503, STORAGE_MESSAGES.readOnly],
    ['knex-wrapped sqlite3 message', new Error('insert into `messages` (`content`) values (?) - SQLITE_FULL: database or disk is full'), 507, STORAGE_MESSAGES.full],
    ['Objection DBError around SQLITE_READONLY_DBMOVED', new DBError({ nativeError: Object.assign(new Error('x'), { code: 'SQLITE_READONLY_DBMOVED' }), client: 'better-sqlite3' } as never), 503, STORAGE_MESSAGES.readOnly],
    ['PostgreSQL 53100 disk_full', Object.assign(new Error('could not extend file'), { code: '53100' }), 507, STORAGE_MESSAGES.full],
    ['PostgreSQL 25006 read-only transaction', Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' }), 503, STORAGE_MESSAGES.readOnly],
  ];
  for (const [name, error, status, message] of cases) {
    test(name, () => {
      const res = toResponse(error);
      assert.equal(res.status, status);
      assert.deepEqual(res.body, { message, code: status === 507 ? 'storage_full' : 'read_only' });
    });
  }

  test('a user-supplied string that mentions SQLITE_FULL is not taken for a storage fault', () => {
    assert.equal(toResponse(new Error('someone typed SQLITE_FULL in a field')).status, 500);
  });

  test('startup check: a writable directory passes, a file in place of the directory does not', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-dircheck-'));
    try {
      assert.equal(dataDirProblem(path.join(dir, 'data')), null);
      fs.writeFileSync(path.join(dir, 'file'), 'x');
      assert.match(dataDirProblem(path.join(dir, 'file')) ?? '', /^Saathi cannot start: the data directory .* cannot be used/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a write that loses to another is a clear 503 to try again', () => {
  const busy = { message: CONTENTION_MESSAGE, code: 'busy' };
  const cases: Array<[string, unknown]> = [
    ['PostgreSQL 40P01 deadlock_detected', Object.assign(new Error('deadlock detected'), { code: '40P01' })],
    ['PostgreSQL 40001 serialization_failure', Object.assign(new Error('could not serialize access'), { code: '40001' })],
    ['Objection DBError around SQLITE_BUSY', new DBError({ nativeError: Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }), client: 'better-sqlite3' } as never)],
    ['knex-wrapped sqlite3 message', new Error('update `users` set `x` = ? - SQLITE_BUSY: database is locked')],
  ];
  for (const [name, error] of cases) {
    test(name, () => {
      const res = toResponse(error);
      assert.equal(res.status, 503);
      assert.deepEqual(res.body, busy);
      assert.equal(res.headers['Retry-After'], '1');
    });
  }

  test('real: two transactions writing one member in opposite orders (PostgreSQL), a busy database (SQLite)', async () => {
    const server = await startTestServer();
    try {
      const { user } = await buildUser(server);
      await buildProfile(server, user);
      const db = server.db;
      const errors: unknown[] = [];
      if (isPostgres(db)) {
        // A profile and then its privacy in one transaction (as account deletion writes them), against a privacy
        // change alone: each ends up waiting for the other (the member lines' lock on the owner), and PostgreSQL
        // ends one of them.
        const first = await db.transaction();
        await first('profiles').where('userId', user.id).update({ profession: 'Architect' });
        const second = Promise.resolve(db('privacy_settings').where('userId', user.id).update({ profileVisibility: 'matches' })).catch((e) => errors.push(e));
        await untilWaitingForLock(db);
        try {
          await first('privacy_settings').where('userId', user.id).update({ profileVisibility: 'none' });
          await first.commit();
        } catch (error) {
          errors.push(error);
          await first.rollback().catch(() => {});
        }
        await second;
        assert.equal(errors.length, 1, 'PostgreSQL ends one of the two');
      } else {
        // The server's connection holds a write; another connection that will not wait is refused. (Through the
        // server's own driver: two copies of SQLite in one process do not see each other's locks.)
        const trx = await db.transaction();
        await trx('users').where('id', user.id).update({ lastActiveAt: Date.now() });
        const other = knex({ client: server.config.dbClient, connection: { filename: sqliteFile(server.config) }, useNullAsDefault: true, pool: { min: 1, max: 1 } });
        try {
          await other.raw('PRAGMA busy_timeout = 0');
          await other('users').where('id', user.id).update({ last_active_at: 1 });
        } catch (error) {
          errors.push(error);
        } finally {
          await other.destroy();
          await trx.commit();
        }
        assert.equal(errors.length, 1, 'the second connection is refused');
      }
      const res = toResponse(errors[0]);
      assert.equal(res.status, 503, String(errors[0]));
      assert.deepEqual(res.body, busy);
    } finally {
      await server.close();
    }
  });
});

describe('a read-only database while serving (real SQLite refusing writes)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.close();
  });

  test('writes are a clear 503, reads keep working, nothing half-stored, and writes resume afterwards', async (t) => {
    if (server.db.client.config.client === 'pg') {
      t.skip('PostgreSQL: a read-only database is the database server’s state; the 25006 mapping is unit-tested above');
      return;
    }
    const a = await signedInClient(server, { tier: 'premium' });
    const b = await signedInClient(server);
    const profileA = await buildProfile(server, a.user, { gender: 'female', lookingFor: 'male' });
    const profileB = await buildProfile(server, b.user, { gender: 'male', lookingFor: 'female' });
    assert.equal((await a.client.post('/api/messages', { receiverId: b.user.id, content: 'before read-only' })).status, 201);
    const mediaBefore = listFiles(mediaDir(server.dataDir));
    const rowsBefore = Number((await server.db('messages').count({ n: '*' }).first())?.n);

    // The server's single SQLite connection now refuses every write with SQLITE_READONLY.
    await server.db.raw('PRAGMA query_only = ON');
    try {
      await assertStorageRefusal(await a.client.post('/api/messages', { receiverId: b.user.id, content: 'during read-only' }), 503, STORAGE_MESSAGES.readOnly, 'send a message');
      await assertStorageRefusal(await a.client.post('/api/profile-likes', { likedProfileId: profileB.id }), 503, STORAGE_MESSAGES.readOnly, 'like');
      await assertStorageRefusal(await a.client.patch(`/api/profiles/${profileA.id}`, { about: 'Changed while the disk was read-only, should not stick.' }), 503, STORAGE_MESSAGES.readOnly, 'profile update');
      const upload = await a.client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'me.jpg', 'image/jpeg');
      await assertStorageRefusal(upload, 503, STORAGE_MESSAGES.readOnly, 'photo upload');
      assert.deepEqual(listFiles(mediaDir(server.dataDir)), mediaBefore, 'the renditions of the refused upload were removed');
      assert.deepEqual(listFiles(uploadTempDir(server.dataDir)), [], 'no temporary file');

      // Reads.
      for (const url of ['/api/search', `/api/profiles/${profileB.id}`, `/api/notifications/${a.user.id}`, `/api/messages/${a.user.id}`, '/api/auth/user', '/api/health']) {
        const res = await a.client.get(url);
        assert.equal(res.status, 200, `GET ${url} while read-only: ${await res.clone().text()}`);
      }
    } finally {
      await server.db.raw('PRAGMA query_only = OFF');
    }
    assert.equal(Number((await server.db('messages').count({ n: '*' }).first())?.n), rowsBefore, 'no message row from the refused writes');
    assert.equal((await server.db('profiles').where({ id: profileA.id }).first()).about, profileA.about);
    assert.equal((await a.client.post('/api/messages', { receiverId: b.user.id, content: 'after read-only' })).status, 201);
    assert.equal((await a.client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'me.jpg', 'image/jpeg')).status, 201);
    const rows = (await server.db.raw('PRAGMA integrity_check')) as Array<Record<string, string>>;
    assert.deepEqual(rows.map((r) => Object.values(r)[0]), ['ok']);
  });
});

// ---- Saathi in its own process, in a private mount namespace -------------------------------------------------

/**
 * What the tests below need: unprivileged user + mount namespaces with tmpfs and read-only bind mounts, reaching
 * into them from here (through /proc/<pid>/root, and nsenter). Probed for real, with a short-lived namespace.
 */
async function namespacesAvailable(): Promise<boolean> {
  if (process.platform !== 'linux') return false;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-ns-probe-'));
  let child: ChildProcess | null = null;
  try {
    if (spawnSync('nsenter', ['--version'], { stdio: 'ignore' }).status !== 0) return false;
    const script = 'mount -t tmpfs -o size=1m tmpfs "$0" && mkdir "$0/ro" && mount --bind "$0/ro" "$0/ro" && mount -o remount,bind,ro "$0/ro" && echo ready && exec sleep 30';
    child = spawn('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', script, dir], { stdio: ['ignore', 'pipe', 'ignore'] });
    const ready = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 10_000);
      const settle = (ok: boolean) => {
        clearTimeout(timer);
        resolve(ok);
      };
      child?.stdout?.once('data', () => settle(true));
      child?.once('exit', () => settle(false));
      child?.once('error', () => settle(false));
    });
    if (!ready) return false;
    const inside = path.join(`/proc/${child.pid}/root`, dir);
    fs.writeFileSync(path.join(inside, 'probe'), 'x');
    // Written into the namespace's tmpfs, not into the directory as seen from here.
    return !fs.existsSync(path.join(dir, 'probe')) && fs.readdirSync(inside).includes('ro');
  } catch {
    return false;
  } finally {
    child?.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const NAMESPACES = await namespacesAvailable();
const NO_NAMESPACES = 'unshare --user --mount (or nsenter) is not available here: the real full-disk and read-only mounts cannot be made';
const SQLITE_CLIENT = process.env.TEST_DATABASE_URL ? null : process.env.DB_CLIENT === 'sqlite3' ? 'sqlite3' : 'better-sqlite3';

interface Spawned {
  url: string;
  child: ChildProcess;
  dataDir: string;
  /** the data directory as this process sees it (through /proc/<pid>/root, inside the server's mounts) */
  dataPath: string;
  output(): string;
  exit: Promise<number | null>;
  stop(): Promise<number | null>;
}

/** `saathi serve` in a private mount namespace; `setup` (sh, $DATA is the data directory) prepares its mounts. */
async function spawnSaathi(dataDir: string, setup: string, options: { expectExit?: boolean } = {}): Promise<Spawned> {
  const port = await freePort();
  const script = `set -e; ${setup}; exec "$NODE" --import tsx cli/index.ts serve --host 127.0.0.1 --port "$PORT" --data-dir "$DATA"`;
  const child = spawn('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', script], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE: process.execPath,
      PORT: String(port),
      DATA: dataDir,
      DATABASE_URL: '',
      DB_CLIENT: SQLITE_CLIENT ?? 'better-sqlite3',
      ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1',
      LOG_REQUESTS: 'false',
      RATE_LIMIT_REGISTER: '1000',
      RATE_LIMIT_LOGIN: '1000',
      SESSION_KEYS: 'faults-test-key-0123456789abcdef0123456789',
      DEMO_MODE: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exited = false;
  void exit.then(() => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  const spawned: Spawned = {
    url,
    child,
    dataDir,
    dataPath: path.join(`/proc/${child.pid}/root`, dataDir),
    output: () => output,
    exit,
    async stop() {
      if (!exited) child.kill('SIGTERM');
      return exit;
    },
  };
  if (options.expectExit) return spawned;
  await waitFor(`Saathi to answer (${output})`, async () => {
    if (exited) assert.fail(`Saathi exited: ${output}`);
    try {
      return (await fetch(`${url}/api/health`)).status === 200;
    } catch {
      return false;
    }
  }, 60_000);
  return spawned;
}

/** A Client for a server in another process (the harness Client only needs url and origin). */
function clientOf(spawned: Spawned): Client {
  return new Client({ url: spawned.url, origin: spawned.url } as TestServer);
}

async function registered(spawned: Spawned, name: string): Promise<{ client: Client; id: number }> {
  const client = clientOf(spawned);
  const username = `${name}_${crypto.randomBytes(3).toString('hex')}`;
  const res = await client.post('/api/auth/register', { fullName: `${name} Member`, email: `${username}@example.test`, username, password: 'correct horse battery', confirmPassword: 'correct horse battery' });
  assert.equal(res.status, 201, await res.clone().text());
  const body = (await res.json()) as { user: { id: number } };
  // With a profile, so other members may start a conversation with them.
  const profile = await client.post('/api/profiles', profilePayload());
  assert.equal(profile.status, 201, await profile.clone().text());
  return { client, id: body.user.id };
}

/** Fills the file system holding `file` until not one more byte fits. */
function fillDisk(file: string): number {
  const fd = fs.openSync(file, 'w');
  let written = 0;
  try {
    for (const size of [1024 * 1024, 64 * 1024, 4096, 512, 1]) {
      const chunk = Buffer.alloc(size, 7);
      for (;;) {
        try {
          written += fs.writeSync(fd, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return written;
}

/**
 * Reads the server's SQLite file from inside its mount namespace (SQLite resolves /proc/<pid>/root, so it cannot
 * be opened from outside): PRAGMA integrity_check, the content of the given message ids, and a row count.
 */
function inspectDatabase(spawned: Spawned, messageIds: number[], countTable: string): { integrity: string; contents: Record<string, string>; count: number } {
  const script = `
    const Database = require(${JSON.stringify(path.join(ROOT, 'node_modules', 'better-sqlite3'))});
    const db = new Database(process.argv[1], { fileMustExist: true });
    const ids = JSON.parse(require('fs').readFileSync(0, 'utf8'));
    const contents = {};
    for (const id of ids) contents[id] = db.prepare('SELECT content FROM messages WHERE id = ?').pluck().get(id);
    const out = { integrity: db.pragma('integrity_check', { simple: true }), contents, count: db.prepare('SELECT COUNT(*) FROM ${countTable}').pluck().get() };
    db.close();
    process.stdout.write(JSON.stringify(out));`;
  const res = spawnSync('nsenter', ['-t', String(spawned.child.pid), '-U', '-m', '--preserve-credentials', process.execPath, '-e', script, path.join(spawned.dataDir, 'saathi.sqlite')], {
    input: JSON.stringify(messageIds),
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(res.status, 0, res.stderr);
  return JSON.parse(res.stdout);
}

describe('a full disk (real: a 16 MB tmpfs as the data directory)', { skip: !NAMESPACES ? NO_NAMESPACES : !SQLITE_CLIENT ? 'runs on SQLite: the data directory is SQLite’s' : false }, () => {
  let spawned: Spawned;
  let dir: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-full-'));
    spawned = await spawnSaathi(dir, 'mount -t tmpfs -o size=16m tmpfs "$DATA"');
  });
  after(async () => {
    await spawned?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('uploads get 507 and leave nothing, writes are 2xx or 507 (never 500), reads work, all recovers when space is freed', async () => {
    const a = await registered(spawned, 'asha');
    const b = await registered(spawned, 'bilal');
    const photo = await a.client.upload('/api/upload/photo', 'photo', await jpegBytes({ width: 300, height: 400 }), 'a.jpg', 'image/jpeg');
    assert.equal(photo.status, 201);
    const photoUrl = ((await photo.json()) as { url: string }).url;
    const acked = new Map<number, string>();
    const send = async (content: string) => {
      const res = await a.client.post('/api/messages', { receiverId: b.id, content });
      if (res.status === 201) acked.set(((await res.json()) as { id: number }).id, content);
      else await assertStorageRefusal(res, 507, STORAGE_MESSAGES.full, `message "${content}"`);
      return res.status;
    };
    assert.equal(await send('before the disk filled'), 201);
    const mediaBefore = listFiles(path.join(spawned.dataPath, 'media'));

    const filler = path.join(spawned.dataPath, 'filler');
    assert.ok(fillDisk(filler) > 0);

    for (const [name, size] of [['small.jpg', 64], ['large.jpg', 1200]] as const) {
      const res = await a.client.upload('/api/upload/photo', 'photo', await jpegBytes({ width: size, height: size }), name, 'image/jpeg');
      await assertStorageRefusal(res, 507, STORAGE_MESSAGES.full, `upload ${name} on a full disk`);
    }
    assert.deepEqual(listFiles(path.join(spawned.dataPath, 'media')), mediaBefore, 'no partial rendition');
    assert.deepEqual(listFiles(path.join(spawned.dataPath, 'tmp', 'uploads')), [], 'no partial temporary file');

    const statuses = new Set<number>();
    for (let i = 0; i < 60; i++) statuses.add(await send(`while full ${i} ${'x'.repeat(1500)}`));
    assert.ok([...statuses].every((s) => s === 201 || s === 507), `statuses ${[...statuses]}`);

    for (const url of [`/api/messages/${a.id}`, '/api/auth/user', photoUrl, '/api/health']) {
      assert.equal((await a.client.get(url)).status, 200, `GET ${url} on a full disk`);
    }

    fs.rmSync(filler);
    assert.equal(await send('after space was freed'), 201);
    assert.equal((await a.client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'b.jpg', 'image/jpeg')).status, 201);

    const inspected = inspectDatabase(spawned, [...acked.keys()], 'messages');
    assert.equal(inspected.integrity, 'ok');
    for (const [id, content] of acked) assert.equal(inspected.contents[id], content, `acknowledged message ${id} is stored`);
    console.log(`# full disk: ${acked.size} messages acknowledged, statuses while full: ${[...statuses].join(', ')}`);
  });
});

describe('a read-only media directory while serving (real: read-only bind mount)', { skip: !NAMESPACES ? NO_NAMESPACES : !SQLITE_CLIENT ? 'runs on SQLite' : false }, () => {
  test('uploads get a clear 503 and leave nothing; messages and reads keep working', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-romedia-'));
    const spawned = await spawnSaathi(dir, 'mkdir -p "$DATA/media" && mount --bind "$DATA/media" "$DATA/media" && mount -o remount,bind,ro "$DATA/media"');
    try {
      const a = await registered(spawned, 'chitra');
      const b = await registered(spawned, 'dev');
      const res = await a.client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'a.jpg', 'image/jpeg');
      await assertStorageRefusal(res, 503, STORAGE_MESSAGES.readOnly, 'upload into a read-only media directory');
      assert.deepEqual(listFiles(path.join(spawned.dataPath, 'media')), []);
      assert.deepEqual(listFiles(path.join(spawned.dataPath, 'tmp', 'uploads')), []);
      assert.equal((await a.client.post('/api/messages', { receiverId: b.id, content: 'still talking' })).status, 201);
      assert.equal((await a.client.get(`/api/messages/${a.id}`)).status, 200);
      const inspected = inspectDatabase(spawned, [], 'photos');
      assert.equal(inspected.count, 0, 'no photo row');
      assert.equal(inspected.integrity, 'ok');
    } finally {
      await spawned.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('startup on a read-only or full data directory (real mounts)', { skip: !NAMESPACES ? NO_NAMESPACES : !SQLITE_CLIENT ? 'runs on SQLite' : false }, () => {
  const readOnly = 'mount --bind "$DATA" "$DATA" && mount -o remount,bind,ro "$DATA"';

  test('an empty read-only directory: a clear message and a non-zero exit', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-ro-'));
    try {
      const spawned = await spawnSaathi(dir, readOnly, { expectExit: true });
      const code = await spawned.exit;
      assert.notEqual(code, 0);
      assert.match(spawned.output(), /Saathi cannot start: the data directory .* is read-only/);
      assert.doesNotMatch(spawned.output(), /\n\s+at /, 'no stack trace');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an existing data directory mounted read-only: refused, and the database is untouched', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-ro-'));
    try {
      const migrate = spawnSync(process.execPath, ['--import', 'tsx', 'cli/index.ts', 'migrate', '--data-dir', dir], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '' }, encoding: 'utf8' });
      assert.equal(migrate.status, 0, migrate.stderr);
      const digest = () => crypto.createHash('sha256').update(fs.readFileSync(path.join(dir, 'saathi.sqlite'))).digest('hex');
      const before = digest();
      const spawned = await spawnSaathi(dir, readOnly, { expectExit: true });
      assert.notEqual(await spawned.exit, 0);
      assert.match(spawned.output(), /is read-only\. Saathi keeps its database, photos and keys there/);
      assert.equal(digest(), before, 'the database file is unchanged');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a full disk: a clear message and a non-zero exit', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-fullstart-'));
    try {
      const spawned = await spawnSaathi(dir, 'mount -t tmpfs -o size=256k tmpfs "$DATA" && (head -c 1000000 /dev/zero > "$DATA/filler" 2>/dev/null || true)', { expectExit: true });
      assert.notEqual(await spawned.exit, 0);
      assert.match(spawned.output(), /Saathi cannot start: the disk holding the data directory .* is full/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// ---- Clients that go away mid-upload --------------------------------------------------------------------------

describe('a client that disconnects mid-upload', () => {
  let server: TestServer;
  before(async () => {
    // Request logs (kept in memory by the harness) tell when the server has finished with each abandoned request.
    server = await startTestServer({ logRequests: true });
  });
  after(async () => {
    await server.close();
  });

  interface RawPart {
    name: string;
    filename?: string;
    data: Buffer;
  }

  /**
   * Sends the request line, headers and the first `cutAt` bytes of a multipart body (declaring its full length),
   * waits for `waitUntil` (e.g. a temporary file being written), then destroys the socket.
   */
  async function abandonUpload(cookie: string, pathname: string, parts: RawPart[], cutAt: (body: Buffer) => number, waitUntil?: () => boolean): Promise<void> {
    const boundary = `----abandon${crypto.randomBytes(6).toString('hex')}`;
    const chunks: Buffer[] = [];
    for (const part of parts) {
      const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.filename ? 'Content-Type: image/jpeg\r\n' : ''}\r\n`), part.data, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    const body = Buffer.concat(chunks);
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.on('error', () => {});
    socket.write(
      `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${server.origin}\r\nCookie: ${cookie}\r\nAccept: application/json\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    await new Promise<void>((resolve) => socket.write(body.subarray(0, cutAt(body)), () => resolve()));
    if (waitUntil) await waitFor('the upload to be streaming to a temporary file', waitUntil);
    socket.destroy();
  }

  /** How many upload requests the server has finished with (its request log is written when a request ends). */
  const finishedUploads = () => server.logs.filter((e) => e.msg === 'request' && e.method === 'POST').length;
  async function allFinished(count: number, what: string): Promise<void> {
    await waitFor(`${what}: the server to finish ${count} upload requests`, () => finishedUploads() >= count);
  }

  const tempFiles = () => listFiles(uploadTempDir(server.dataDir));
  const photoRows = async () => Number((await server.db('photos').count({ n: '*' }).first())?.n);

  test('halfway through the file, the selfie done but not the ID, during the part headers, and twenty at once', async () => {
    const { client } = await signedInClient(server);
    const cookie = client.cookieHeader();
    const big = Buffer.concat([await jpegBytes({ width: 400, height: 400 }), crypto.randomBytes(2 * 1024 * 1024)]);
    const rowsBefore = await photoRows();
    const mediaBefore = listFiles(mediaDir(server.dataDir));
    let expected = finishedUploads();

    await abandonUpload(cookie, '/api/upload/photo', [{ name: 'photo', filename: 'me.jpg', data: big }], (body) => Math.floor(body.length / 2), () => tempFiles().length > 0);
    await allFinished((expected += 1), 'halfway through the file');
    assert.deepEqual(tempFiles(), [], 'the half-written temporary file is removed');

    await abandonUpload(
      cookie,
      '/api/verification',
      [
        { name: 'documentType', data: Buffer.from('passport') },
        { name: 'selfie', filename: 'selfie.jpg', data: await jpegBytes() },
        { name: 'document', filename: 'id.jpg', data: big },
      ],
      (body) => body.length - 1024 * 1024,
      () => tempFiles().length >= 2,
    );
    await allFinished((expected += 1), 'verification cut in the ID');
    assert.deepEqual(tempFiles(), [], 'both temporary files (complete selfie, partial ID) are removed');

    await abandonUpload(cookie, '/api/upload/photo', [{ name: 'photo', filename: 'me.jpg', data: big }], () => 60);
    await allFinished((expected += 1), 'cut in the part headers');
    assert.deepEqual(tempFiles(), []);

    // Twenty at once, each cut at a different point and gone at once (often before the server reads the body).
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        abandonUpload(cookie, '/api/upload/photo', [{ name: 'photo', filename: `p${i}.jpg`, data: big }], (body) => Math.floor(body.length * (0.2 + (i % 5) / 10))),
      ),
    );
    await allFinished((expected += 20), 'twenty abandoned at once');
    assert.deepEqual(tempFiles(), [], 'no temporary file left by twenty abandoned uploads');

    assert.equal(await photoRows(), rowsBefore, 'no photo row');
    assert.deepEqual(listFiles(mediaDir(server.dataDir)), mediaBefore, 'no rendition');
    // The server keeps serving, uploads included.
    assert.equal((await client.get('/api/health')).status, 200);
    const ok = await client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'after.jpg', 'image/jpeg');
    assert.equal(ok.status, 201, await ok.clone().text());
    assert.deepEqual(tempFiles(), []);
  });
});
