import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { createDb } from '../server/db';
import { dropTestDatabase, postgresDatabaseUrl } from '../server/test/harness';
import { startProcess, stopProcess } from '../server/test/processes';

const CLI = path.resolve(import.meta.dirname, 'index.ts');
const TSX = import.meta.resolve('tsx');
const baseEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? '',
  DATA_DIR: dataDir,
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_TIME_COST: '1',
  ...extra,
});

const saathi = (args: string[], dataDir: string, options: { input?: string; env?: Record<string, string>; prefix?: string[] } = {}) => {
  const command = [...(options.prefix ?? []), process.execPath, '--import', TSX, CLI, ...args];
  const res = spawnSync(command[0], command.slice(1), { encoding: 'utf8', input: options.input, env: baseEnv(dataDir, options.env), timeout: 90_000 });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
};

const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `saathi-${name}-`));
const digest = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const listing = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).sort() : []);

/** `saathi serve` on this data directory, until its lock file says it is serving. */
async function serve(dataDir: string): Promise<{ child: ChildProcess; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', TSX, CLI, 'serve', '--host', '127.0.0.1', '--port', '0'], { env: baseEnv(dataDir, { LOG_REQUESTS: 'false' }), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const lock = path.join(dataDir, 'run', `serve-${child.pid}.json`);
  const deadline = Date.now() + 60_000;
  while (!fs.existsSync(lock)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`serve did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    stop: () => {
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('saathi restore refuses while a server holds the database', () => {
  test('SQLite: refused before anything is touched while serve runs; allowed once it stopped; a stale lock is ignored', async () => {
    const dir = tempDir('restore-live');
    const backup = path.join(tempDir('restore-backup'), 'saathi.backup');
    try {
      assert.equal(saathi(['migrate'], dir).status, 0);
      const made = saathi(['backup', backup], dir);
      assert.equal(made.status, 0, made.stderr);
      const server = await serve(dir);
      const db = path.join(dir, 'saathi.sqlite');
      const before = { db: digest(db), files: listing(dir) };
      const refused = saathi(['restore', '--force', backup], dir);
      assert.equal(refused.status, 1);
      assert.match(refused.stderr.trim(), new RegExp(`^Error: A Saathi server is running on ${dir} \\(pid ${server.child.pid}, port \\d+, since [^)]+\\); stop it before you restore \\(nothing was changed\\)\\. If no server is running, delete .*serve-${server.child.pid}\\.json\\.$`));
      assert.equal(digest(db), before.db, 'the live database is untouched');
      assert.deepEqual(listing(dir), before.files, 'its -wal and -shm are still there');
      assert.equal(await server.stop(), 0);
      assert.deepEqual(listing(path.join(dir, 'run')), [], 'the lock goes when the server stops');

      // A server that crashed leaves its lock behind: a dead pid does not block a restore.
      const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
      fs.writeFileSync(path.join(dir, 'run', `serve-${gone}.json`), JSON.stringify({ pid: gone, host: '127.0.0.1', port: 1, startedAt: new Date().toISOString() }));
      const restored = saathi(['restore', '--force', backup], dir);
      assert.equal(restored.status, 0, restored.stderr);
      assert.match(restored.stdout, /^Restored .*saathi\.sqlite \(\d+ migrations applied\) and 0 media files\.$/m);
      assert.deepEqual(listing(path.join(dir, 'run')), [], 'the stale lock was cleared');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(path.dirname(backup), { recursive: true, force: true });
    }
  });

  test('SQLite: a damaged backup is refused and the current database stays as it was', () => {
    const dir = tempDir('restore-bad');
    try {
      assert.equal(saathi(['migrate'], dir).status, 0);
      const db = path.join(dir, 'saathi.sqlite');
      const before = digest(db);
      const bad = path.join(dir, 'bad.backup');
      const good = fs.readFileSync(db);
      // A real SQLite header, then garbage: opens, fails its integrity check.
      fs.writeFileSync(bad, Buffer.concat([good.subarray(0, 100), crypto.randomBytes(good.length - 100)]));
      const res = saathi(['restore', '--force', bad], dir);
      assert.equal(res.status, 1);
      assert.doesNotMatch(res.stderr, /\n\s+at /, 'no stack trace');
      assert.equal(digest(db), before, 'the database was not replaced');
      assert.deepEqual(listing(dir).filter((f) => f.includes('restoring')), [], 'no staged copy left behind');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  const adminUrl = process.env.TEST_DATABASE_URL;
  test('PostgreSQL: refused while a saathi serve is connected to the database', { skip: adminUrl ? false : 'needs PostgreSQL (TEST_DATABASE_URL)' }, async () => {
    const databaseUrl = await postgresDatabaseUrl(adminUrl as string);
    const dir = tempDir('restore-pg');
    const server = await startProcess(databaseUrl);
    try {
      const backup = path.join(dir, 'db.dump');
      fs.writeFileSync(backup, 'not used: the refusal comes first');
      const res = saathi(['restore', '--force', backup], dir, { env: { DATABASE_URL: databaseUrl } });
      assert.equal(res.status, 1);
      assert.match(res.stderr.trim(), /^Error: Saathi servers are connected to this PostgreSQL database \(\d+ connections? from [^)]+\); stop every saathi serve before you restore \(nothing was changed\)\.$/);
    } finally {
      await stopProcess(server);
      await dropTestDatabase(adminUrl as string, databaseUrl);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('migrate rollback --force takes a backup first', () => {
  test('SQLite: the whole database is copied to DATA_DIR/backups, named in the output, before anything is dropped', () => {
    const dir = tempDir('rollback-backup');
    try {
      assert.equal(saathi(['migrate'], dir).status, 0);
      assert.equal(saathi(['reviewer', 'create', 'kept.reviewer'], dir, { input: 'a-long-password-2026\n' }).status, 0);
      const res = saathi(['migrate', 'rollback', '--force'], dir);
      assert.equal(res.status, 0, res.stderr);
      const named = /^Backed up the database to (.*before-rollback-\d{8}-\d{6}\.sqlite) before rolling back \(saathi restore <file> puts it back\)\.$/m.exec(res.stdout)?.[1];
      assert.ok(named, res.stdout);
      assert.ok(res.stdout.indexOf('Backed up') < res.stdout.indexOf('Rolled back:'), 'the backup comes first');
      assert.equal(path.dirname(named), path.join(dir, 'backups'));
      // The backup holds the data the rollback dropped: restoring it brings the reviewer back.
      assert.equal(saathi(['restore', '--force', named], dir).status, 0);
      const check = saathi(['reviewer', 'reset', 'kept.reviewer'], dir);
      assert.equal(check.status, 0, `the reviewer is back: ${check.stderr}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an unusable data directory is one sentence, exit 1, and nothing changes', () => {
  test('a file where the data directory should be: migrate, seed and expo', () => {
    const file = path.join(tempDir('datadir-file'), 'not-a-dir');
    fs.writeFileSync(file, 'a file');
    for (const args of [['migrate'], ['seed', '--profiles', '2'], ['expo', 'show'], ['expo', 'rotate']]) {
      const res = saathi(args, file);
      assert.equal(res.status, 1, args.join(' '));
      assert.match(res.stderr.trim(), new RegExp(`^Error: Saathi cannot (migrate|seed|run expo): ${file} is a file, not a directory; point --data-dir \\(env DATA_DIR\\) at a directory Saathi may write to\\.$`), args.join(' '));
      assert.equal(fs.readFileSync(file, 'utf8'), 'a file');
    }
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  test('expo on a data directory that does not exist: refused, nothing created', () => {
    const missing = path.join(tempDir('expo-missing'), 'nowhere');
    for (const args of [['expo', 'show'], ['expo', 'rotate']]) {
      const res = saathi(args, missing);
      assert.equal(res.status, 1);
      assert.equal(res.stderr.trim(), `Error: The data directory ${missing} does not exist: check --data-dir or DATA_DIR (saathi serve or saathi migrate create one).`);
      assert.equal(fs.existsSync(missing), false);
    }
  });

  // Root may write anywhere, so as root the command runs as nobody (setpriv) against a directory root owns.
  const asRoot = process.getuid?.() === 0;
  const setpriv = asRoot && spawnSync('setpriv', ['--version']).status === 0;
  test('a directory this user may not write to (EACCES): migrate, seed and expo', { skip: asRoot && !setpriv ? 'running as root without setpriv' : false }, () => {
    const parent = tempDir('datadir-perm');
    assert.equal(saathi(['migrate'], parent).status, 0, 'a database exists (expo works on existing data)');
    fs.chmodSync(parent, 0o555);
    fs.chmodSync(path.join(parent, 'saathi.sqlite'), 0o444);
    const prefix = asRoot ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : [];
    try {
      const before = listing(parent);
      const dbBefore = digest(path.join(parent, 'saathi.sqlite'));
      for (const [args, dataDir] of [[['migrate'], path.join(parent, 'sub')], [['seed', '--profiles', '2'], parent], [['expo', 'rotate'], parent]] as const) {
        const res = saathi([...args], dataDir, { prefix });
        assert.equal(res.status, 1, `${args.join(' ')}: ${res.stderr}`);
        assert.match(res.stderr.trim(), /^Error: Saathi cannot (migrate|seed|run expo): it has no permission to write to the data directory .* \((EACCES|EPERM)\); make it writable by this user, or point --data-dir \(env DATA_DIR\) at a directory Saathi may write to\.$/, args.join(' '));
      }
      assert.deepEqual(listing(parent), before, 'nothing created');
      assert.equal(digest(path.join(parent, 'saathi.sqlite')), dbBefore);
    } finally {
      fs.chmodSync(parent, 0o755);
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});

const script = spawnSync('script', ['--version']).status === 0;

/** Runs the command on a pseudo-terminal (util-linux script), typing each answer after its prompt appears. */
function atTerminal(args: string[], dataDir: string, answers: Array<[RegExp, string]>): Promise<{ status: number | null; output: string }> {
  const command = [process.execPath, '--import', TSX, CLI, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], { env: baseEnv(dataDir, { TERM: 'dumb' }), stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  const pending = [...answers];
  const onData = (d: Buffer) => {
    output += d.toString();
    while (pending.length && pending[0][0].test(output)) {
      const [, answer] = pending.shift() as [RegExp, string];
      output += '\n';
      child.stdin.write(`${answer}\r`);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}

describe('reviewer create at a terminal asks for the password twice', () => {
  test('two different passwords: refused, no account; the same twice: created', { skip: script ? false : 'util-linux script is not installed' }, async () => {
    const dir = tempDir('reviewer-tty');
    try {
      assert.equal(saathi(['migrate'], dir).status, 0);
      const differ = await atTerminal(['reviewer', 'create', 'tty.reviewer'], dir, [[/Password: /, 'first-password-2026'], [/Repeat the password: /, 'second-password-2026']]);
      assert.equal(differ.status, 1, differ.output);
      assert.match(differ.output, /Error: The two passwords differ; nothing was created\. Run the command again\./);
      assert.doesNotMatch(differ.output, /first-password-2026|second-password-2026/, 'what is typed is not echoed');
      const none = saathi(['reviewer', 'reset', 'tty.reviewer'], dir);
      assert.equal(none.status, 1);
      assert.match(none.stderr, /No reviewer or admin is called "tty\.reviewer"/, 'no account was created');
      const same = await atTerminal(['reviewer', 'create', 'tty.reviewer'], dir, [[/Password: /, 'same-password-2026'], [/Repeat the password: /, 'same-password-2026']]);
      assert.equal(same.status, 0, same.output);
      assert.match(same.output, /Created reviewer "tty\.reviewer"\. Sign in at \/ops\./);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;
const needsPostgres = adminUrl ? false : 'needs PostgreSQL (TEST_DATABASE_URL)';

/** The migrations migrate status lists as pending (none: nothing was rolled back). */
const pendingMigrations = (dir: string, env: Record<string, string> = {}) => {
  const res = saathi(['migrate', 'status'], dir, { env });
  assert.equal(res.status, 0, res.stderr);
  return res.stdout.split('\n').filter((line) => line.includes('pending'));
};

describe('migrate rollback never runs under a live server', () => {
  test('SQLite: refused while serve runs, --force and --skip-backup included, before anything is touched', async () => {
    const dir = tempDir('rollback-live');
    try {
      assert.equal(saathi(['migrate'], dir).status, 0);
      const server = await serve(dir);
      try {
        for (const args of [['--force'], ['--force', '--skip-backup'], []]) {
          const refused = saathi(['migrate', 'rollback', ...args], dir);
          assert.equal(refused.status, 1, args.join(' '));
          assert.match(refused.stderr.trim(), new RegExp(`^Error: A Saathi server is running on ${dir} \\(pid ${server.child.pid}, port \\d+, since [^)]+\\); stop it before you roll back migrations \\(nothing was changed\\)\\. If no server is running, delete .*serve-${server.child.pid}\\.json\\.$`));
        }
        assert.deepEqual(pendingMigrations(dir), [], 'every migration is still applied');
        assert.equal(fs.existsSync(path.join(dir, 'backups')), false, 'no backup either: nothing was started');
      } finally {
        assert.equal(await server.stop(), 0);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('PostgreSQL: refused while a saathi serve is connected; once it stopped, a pg_dump backup is taken first and restores what was dropped', { skip: needsPostgres }, async () => {
    const databaseUrl = await postgresDatabaseUrl(adminUrl as string);
    const dir = tempDir('rollback-pg');
    const env = { DATABASE_URL: databaseUrl };
    try {
      const server = await startProcess(databaseUrl);
      try {
        const refused = saathi(['migrate', 'rollback', '--force'], dir, { env });
        assert.equal(refused.status, 1);
        assert.match(refused.stderr.trim(), /^Error: Saathi servers are connected to this PostgreSQL database \(\d+ connections? from [^)]+\); stop every saathi serve before you roll back migrations \(nothing was changed\)\.$/);
        assert.deepEqual(pendingMigrations(dir, env), []);
      } finally {
        await stopProcess(server);
      }
      const rolled = saathi(['migrate', 'rollback', '--force'], dir, { env });
      assert.equal(rolled.status, 0, rolled.stderr);
      const named = /^Backed up the database to (.*before-rollback-\d{8}-\d{6}\.dump) before rolling back \(saathi restore <file> puts it back\)\.$/m.exec(rolled.stdout)?.[1];
      assert.ok(named && fs.existsSync(named), rolled.stdout);
      assert.ok(pendingMigrations(dir, env).length > 0, 'the rollback ran');
      const restored = saathi(['restore', '--force', named], dir, { env });
      assert.equal(restored.status, 0, restored.stderr);
      assert.deepEqual(pendingMigrations(dir, env), [], 'the backup holds every migration');
    } finally {
      await dropTestDatabase(adminUrl as string, databaseUrl);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * `saathi announce` on a database with two members who turned App updates on: it says how many it reaches and asks;
 * anything but yes (or no answer) queues nothing; yes queues; the same text again is refused, whatever the flags.
 */
async function announceOnce(dir: string, env: Record<string, string>, databaseUrl: string | null) {
  assert.equal(saathi(['migrate'], dir, { env }).status, 0);
  const seeded = saathi(['seed', '--profiles', '3'], dir, { env });
  assert.equal(seeded.status, 0, seeded.stderr);
  const db = createDb({ dataDir: dir, databaseUrl, dbClient: databaseUrl ? 'pg' : 'better-sqlite3' });
  try {
    const readers = await db('users').where({ role: 'member', status: 'active', isDeleted: false }).whereNotNull('emailConfirmedAt').orderBy('id').limit(2).pluck('id');
    assert.equal(readers.length, 2);
    await db('notification_settings').update({ appUpdates: false });
    await db('notification_settings').whereIn('userId', readers).update({ appUpdates: true, emailNotifications: true });
    const subject = 'Kundali matching for every plan';
    const outbox = async () => Number((await db('email_outbox').where({ subject }).count({ n: '*' }).first())?.n);
    const args = ['announce', '--subject', subject, '--message', 'Compare charts with any match.\n\nFree this month.'];
    const reach = `"${subject}" will be emailed to 2 members (App updates and email notifications on).`;

    for (const input of [undefined, 'no\n', 'y e s\n']) {
      const declined = saathi(args, dir, { env, input });
      assert.equal(declined.status, 1, `answer ${JSON.stringify(input)}`);
      assert.ok(declined.stdout.includes(reach), declined.stdout);
      assert.match(declined.stdout, /Queue it\? Type yes to go ahead: /);
      assert.equal(declined.stderr.trim(), 'Error: Nothing was queued: the answer was not yes (add --yes to queue without the question).');
      assert.equal(await outbox(), 0);
    }
    const sent = saathi(args, dir, { env, input: 'yes\n' });
    assert.equal(sent.status, 0, sent.stderr);
    assert.match(sent.stdout, new RegExp(`^Queued "${subject}" for 2 members\\.$`, 'm'));
    assert.equal(await outbox(), 2);

    const again = /^Error: "Kundali matching for every plan" was already queued for 2 members on \d{4}-\d\d-\d\d \d\d:\d\d UTC; an announcement is sent once, so change its text to send new news\.$/;
    for (const extra of [['--yes'], ['--dry-run'], ['--yes', '--link', '/compatibility']]) {
      const repeated = saathi([...args, ...extra], dir, { env, input: 'yes\n' });
      assert.equal(repeated.status, 1, extra.join(' '));
      assert.match(repeated.stderr.trim(), again);
      assert.doesNotMatch(repeated.stdout, /will be emailed/, 'refused before it asks');
    }
    assert.equal(await outbox(), 2, 'nobody got it twice');
  } finally {
    await db.destroy();
  }
}

describe('saathi announce asks first and sends a text once', () => {
  test('SQLite', async () => {
    const dir = tempDir('announce');
    try {
      await announceOnce(dir, {}, null);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('PostgreSQL', { skip: needsPostgres }, async () => {
    const databaseUrl = await postgresDatabaseUrl(adminUrl as string);
    const dir = tempDir('announce-pg');
    try {
      await announceOnce(dir, { DATABASE_URL: databaseUrl }, databaseUrl);
    } finally {
      await dropTestDatabase(adminUrl as string, databaseUrl);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('at a terminal: the prompt shows the reach and a typed yes queues it', { skip: script ? false : 'util-linux script is not installed' }, async () => {
    const dir = tempDir('announce-tty');
    try {
      assert.equal(saathi(['migrate'], dir).status, 0);
      assert.equal(saathi(['seed', '--profiles', '2'], dir).status, 0);
      const db = createDb({ dataDir: dir, databaseUrl: null, dbClient: 'better-sqlite3' });
      const [reader] = await db('users').where({ role: 'member', status: 'active' }).whereNotNull('emailConfirmedAt').orderBy('id').limit(1).pluck('id');
      await db('notification_settings').update({ appUpdates: false });
      await db('notification_settings').where({ userId: reader }).update({ appUpdates: true, emailNotifications: true });
      await db.destroy();
      const run = await atTerminal(['announce', '--subject', 'Saathi speaks Tamil', '--message', 'Choose Tamil in Settings.'], dir, [[/Type yes to go ahead: /, 'yes']]);
      assert.equal(run.status, 0, run.output);
      assert.match(run.output, /"Saathi speaks Tamil" will be emailed to 1 member \(App updates and email notifications on\)\./);
      assert.match(run.output, /Queued "Saathi speaks Tamil" for 1 member\./);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
