import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';

const ROOT = path.resolve(import.meta.dirname, '..');
let dataDir: string;

function saathi(args: string[], input?: string) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'cli/index.ts'), ...args], {
    cwd: ROOT,
    input,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', DATABASE_URL: '' },
    timeout: 60_000,
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

function saathiEnv(args: string[], extra: Record<string, string>) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'cli/index.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', ...extra },
    timeout: 60_000,
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

before(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-cli-'));
});
after(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('saathi CLI', () => {
  test('--help lists every command and each command has its own help', () => {
    const help = saathi(['--help']);
    assert.equal(help.status, 0);
    for (const command of ['serve', 'migrate', 'seed', 'reset-token', 'reviewer', 'expo', 'backup', 'restore', 'announce']) assert.match(help.stdout, new RegExp(command));
    for (const command of [['serve'], ['migrate'], ['seed'], ['reset-token'], ['reviewer', 'create']]) {
      const res = saathi([...command, '--help']);
      assert.equal(res.status, 0, command.join(' '));
      assert.match(res.stdout, /Usage: saathi/);
    }
  });

  test('migrate status after latest lists every migration as applied', () => {
    assert.equal(saathi(['migrate', 'latest']).status, 0);
    const status = saathi(['migrate', 'status']);
    assert.equal(status.status, 0);
    assert.match(status.stdout, /applied {2}20261122_001_accounts/);
    assert.doesNotMatch(status.stdout, /pending/);
    const bad = saathi(['migrate', 'sideways']);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /Unknown migrate action/);
  });

  test('reviewer create reads the password from stdin and never from an argument', () => {
    const res = saathi(['reviewer', 'create', 'meera.ops', '--name', 'Meera Rao'], 'a-strong-password\n');
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stdout, /Created reviewer "meera.ops"/);
    const again = saathi(['reviewer', 'create', 'meera.ops'], 'a-strong-password\n');
    assert.equal(again.status, 1);
    assert.match(again.stderr, /already in use/);
    const weak = saathi(['reviewer', 'create', 'short.pw'], 'short\n');
    assert.equal(weak.status, 1);
    assert.match(weak.stderr, /Password must be at least 8 characters/);
    const extra = saathi(['reviewer', 'create', 'x.ops', 'the-password']);
    assert.notEqual(extra.status, 0, 'a password given as an argument is refused');
  });

  test('reset-token prints a link for a known email and fails clearly for an unknown one', () => {
    saathi(['reviewer', 'create', 'anil.ops', '--email', 'anil@example.test'], 'another-strong-pw\n');
    const res = saathi(['reset-token', 'ANIL@example.test']);
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stdout, /\/reset-password\/[A-Za-z0-9_-]{43}\n/);
    const db = new Database(path.join(dataDir, 'saathi.sqlite'), { readonly: true });
    const logged = db.prepare("SELECT a.actor_role AS role FROM audit_log a JOIN users u ON u.id = a.target_id WHERE a.action = 'password.reset_link' AND u.username = 'anil.ops'").all();
    db.close();
    assert.deepEqual(logged, [{ role: 'cli' }], 'the link is in the audit log, made from the command line');
    const unknown = saathi(['reset-token', 'nobody@example.test']);
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /No account with the email/);
  });

  test("billing advance moves the demo provider's clock (kept in the database) and refuses a bad --days", () => {
    const first = saathi(['billing', 'advance', '--days', '31']);
    assert.equal(first.status, 0, first.stderr);
    const at = (out: string) => Date.parse(/clock is now (\S+);/.exec(out)?.[1] ?? '');
    const second = saathi(['billing', 'advance', '--days', '1']);
    assert.equal(second.status, 0, second.stderr);
    const days = (at(second.stdout) - Date.now()) / 86_400_000;
    assert.ok(days > 31.9 && days <= 32, `the offsets add up (${days} days ahead)`);
    for (const bad of ['0', '-3', '1.5', 'ten']) {
      const res = saathi(['billing', 'advance', '--days', bad]);
      assert.equal(res.status, 1, bad);
      assert.match(res.stderr, /--days must be a whole number from 1 to 3660/);
    }
    assert.ok(at(first.stdout) < at(second.stdout));
  });

  test('expo rotate issues a new dev URL that expo show then prints', () => {
    const first = saathi(['expo', 'show']);
    assert.equal(first.status, 0, first.stderr);
    const url1 = first.stdout.split('\n')[0];
    assert.match(url1, /^exp:\/\/.+:19000\//);
    const rotated = saathi(['expo', 'rotate', '--host', '192.168.1.50']);
    assert.equal(rotated.status, 0, rotated.stderr);
    const url2 = saathi(['expo', 'show']).stdout.split('\n')[0];
    assert.match(url2, /^exp:\/\/192\.168\.1\.50:19000\//);
    assert.notEqual(url2, url1);
    assert.equal(saathi(['expo', 'rotate', '--host', 'bad host!']).status, 1);
  });

  test('backup writes a consistent copy with the media; restore brings it back and checks integrity', () => {
    const file = path.join(dataDir, 'backups', 'saathi-backup.sqlite');
    fs.mkdirSync(path.join(dataDir, 'media'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'media', `${'c'.repeat(32)}.jpg`), 'jpeg bytes');
    const live = new Database(path.join(dataDir, 'saathi.sqlite'));
    live.prepare('INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)').run('login:ip:203.0.113.9', Date.now(), 9);
    live.close();
    const res = saathi(['backup', file]);
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stdout, /Backed up the database/);
    assert.equal(fs.readFileSync(file).subarray(0, 15).toString(), 'SQLite format 3');
    const copy = new Database(file, { readonly: true });
    assert.deepEqual(copy.prepare('SELECT count(*) AS n FROM rate_limits').get(), { n: 0 }, 'rate-limit windows are left out of a backup');
    assert.ok((copy.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n > 0, 'the accounts are in it');
    copy.close();
    assert.equal(saathi(['backup', file]).status, 1, 'never overwrites a backup');
    const refused = saathi(['restore', file]);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /--force/);
    fs.rmSync(path.join(dataDir, 'media'), { recursive: true });
    const restored = saathi(['restore', file, '--force']);
    assert.equal(restored.status, 0, restored.stderr);
    assert.ok(fs.existsSync(path.join(dataDir, 'media', `${'c'.repeat(32)}.jpg`)));
    const status = saathi(['migrate', 'status']);
    assert.doesNotMatch(status.stdout, /pending/);
    fs.writeFileSync(path.join(dataDir, 'not-a-db.sqlite'), 'hello');
    assert.equal(saathi(['restore', path.join(dataDir, 'not-a-db.sqlite'), '--force']).status, 1);
  });

  test('backup and restore on PostgreSQL exit 1 with one sentence when pg_dump/pg_restore are missing, and nothing is written', () => {
    const file = path.join(dataDir, 'pg-backup.dump');
    const emptyBin = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-nobin-'));
    // Port 1: nothing listens there, so this holds whether or not a PostgreSQL server runs on this machine — the
    // missing tool is found before any connection is tried.
    const env = { DATABASE_URL: 'postgres://saathi:saathi@127.0.0.1:1/postgres', PATH: emptyBin };
    const res = saathiEnv(['backup', file], env);
    assert.equal(res.status, 1);
    assert.match(res.stderr, /pg_dump was not found on PATH/);
    assert.doesNotMatch(res.stderr, /\n\s+at /, 'no stack trace');
    assert.equal(fs.existsSync(file), false);
    fs.writeFileSync(file, 'PGDMP');
    const restore = saathiEnv(['restore', file, '--force'], env);
    assert.equal(restore.status, 1);
    assert.match(restore.stderr, /pg_restore was not found on PATH/);
    fs.rmSync(emptyBin, { recursive: true });
  });

  test('a PostgreSQL server that cannot be reached is one sentence naming DATABASE_URL, without its password or a stack trace', () => {
    const res = saathiEnv(['migrate', 'status'], { DATABASE_URL: 'postgres://saathi:s3cret-pw@127.0.0.1:1/postgres' });
    assert.equal(res.status, 1);
    assert.match(res.stderr, /^Error: PostgreSQL is not accepting connections at 127\.0\.0\.1:1; check DATABASE_URL/);
    assert.doesNotMatch(res.stderr, /s3cret-pw/);
    assert.doesNotMatch(res.stderr, /\n\s+at /, 'no stack trace');
  });

  test('backup on PostgreSQL writes a pg_dump custom-format file', { skip: process.env.TEST_DATABASE_URL ? false : 'needs TEST_DATABASE_URL (PostgreSQL)' }, () => {
    const file = path.join(dataDir, 'pg-real.dump');
    const res = saathiEnv(['backup', file], { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' });
    assert.equal(res.status, 0, res.stderr);
    assert.equal(fs.readFileSync(file).subarray(0, 5).toString(), 'PGDMP');
    assert.equal(saathiEnv(['restore', file], { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' }).status, 1, 'restore needs --force');
  });

  test('announce emails product news to the members with App updates on: bad text refused, --dry-run counts, a real run queues and is audited', () => {
    const seeded = saathi(['seed', '--profiles', '3']);
    assert.equal(seeded.status, 0, seeded.stderr);
    const db = new Database(path.join(dataDir, 'saathi.sqlite'));
    const members = db.prepare("SELECT id FROM users WHERE role = 'member' AND email_confirmed_at IS NOT NULL AND status = 'active' AND is_deleted = 0 ORDER BY id LIMIT 2").all() as Array<{ id: number }>;
    assert.equal(members.length, 2);
    db.prepare('UPDATE notification_settings SET app_updates = 0').run();
    db.prepare(`UPDATE notification_settings SET app_updates = 1, email_notifications = 1 WHERE user_id IN (${members.map((m) => m.id).join(',')})`).run();
    db.close();
    const outbox = () => {
      const read = new Database(path.join(dataDir, 'saathi.sqlite'), { readonly: true });
      const rows = read.prepare("SELECT to_email FROM email_outbox WHERE subject = 'Kundali matching is here'").all();
      read.close();
      return rows.length;
    };

    for (const [args, message] of [
      [['--subject', 'Kundali matching is here'], /Give the news with either --message or --message-file/],
      [['--subject', 'Kundali matching is here', '--message', 'x', '--link', 'https://evil.example/'], /The link must be a path on Saathi/],
      [['--subject', ' ', '--message', 'x'], /The subject is empty/],
      [['--subject', 'Kundali matching is here', '--message-file', path.join(dataDir, 'missing.txt')], /Cannot read .*missing\.txt: ENOENT/],
    ] as const) {
      const res = saathi(['announce', ...args]);
      assert.equal(res.status, 1, res.stdout);
      assert.match(res.stderr, message);
    }
    const dry = saathi(['announce', '--subject', 'Kundali matching is here', '--message', 'Compare charts in the app.', '--dry-run']);
    assert.equal(dry.status, 0, dry.stderr);
    assert.match(dry.stdout, /Would email 2 members .*Nothing was sent/);
    assert.equal(outbox(), 0);

    const file = path.join(dataDir, 'news.txt');
    fs.writeFileSync(file, 'Compare your charts with a match.\n\nFree for every plan this month.\n');
    const real = saathi(['announce', '--subject', 'Kundali matching is here', '--message-file', file, '--link', '/compatibility', '--button', 'Try it', '--yes']);
    assert.equal(real.status, 0, real.stderr);
    assert.match(real.stdout, /Queued "Kundali matching is here" for 2 members/);
    assert.equal(outbox(), 2);
    const read = new Database(path.join(dataDir, 'saathi.sqlite'), { readonly: true });
    const logged = read.prepare("SELECT actor_role AS role, details FROM audit_log WHERE action = 'announcement.sent'").all() as Array<{ role: string; details: string }>;
    read.close();
    assert.equal(logged.length, 1);
    assert.equal(logged[0].role, 'cli');
    assert.deepEqual(JSON.parse(logged[0].details), { subject: 'Kundali matching is here', link: '/compatibility', recipients: 2 });
  });

  test('bad flags exit non-zero with a message', () => {
    const res = saathi(['seed', '--profiles', 'many']);
    assert.equal(res.status, 1);
    assert.match(res.stderr, /--profiles must be a whole number/);
    const unknown = saathi(['frobnicate']);
    assert.notEqual(unknown.status, 0);
    assert.match(unknown.stderr, /unknown command/);
  });

  test('serve --demo (or DEMO_MODE=true) with an https PUBLIC_URL refuses to start, with one sentence and no stack', () => {
    for (const [args, env] of [
      [['serve', '--demo', '--port', '0'], { PUBLIC_URL: 'https://saathi.example' }],
      [['serve', '--port', '0'], { PUBLIC_URL: 'https://saathi.example', DEMO_MODE: 'true' }],
    ] as const) {
      const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'cli/index.ts'), ...args], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
        timeout: 60_000,
      });
      assert.equal(res.status, 1, res.stdout + res.stderr);
      assert.match(res.stderr, /Demo mode is refused with the https public URL https:\/\/saathi\.example/);
      assert.doesNotMatch(res.stderr, /\n\s+at /, 'no stack trace');
    }
  });
});
