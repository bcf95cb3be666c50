import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';

const saathi = (args: string[], dataDir: string) =>
  spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), path.resolve(import.meta.dirname, 'index.ts'), ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
    timeout: 60_000,
  });

describe('commands on existing data refuse a data directory without a database', () => {
  test('a mistyped --data-dir is one sentence and exit 1, and nothing is created there', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-datadir-'));
    const missing = path.join(root, 'no-such-dir');
    const empty = path.join(root, 'empty');
    fs.mkdirSync(empty);
    for (const args of [['reset-token', 'a@example.test'], ['jobs'], ['jobs', 'run', 'cleanup'], ['reviewer', 'reset', 'someone']]) {
      const res = saathi([...args, '--data-dir', missing], missing);
      assert.equal(res.status, 1, args.join(' '));
      assert.equal(res.stderr.trim(), `Error: The data directory ${missing} does not exist: check --data-dir or DATA_DIR (saathi serve or saathi migrate create one).`, args.join(' '));
      assert.equal(fs.existsSync(missing), false, `${args.join(' ')} created the directory`);
      const inEmpty = saathi([...args, '--data-dir', empty], empty);
      assert.equal(inEmpty.status, 1);
      assert.match(inEmpty.stderr, /^Error: There is no Saathi database in .*empty: check --data-dir/);
      assert.deepEqual(fs.readdirSync(empty), [], `${args.join(' ')} created a database`);
    }
    // migrate creates one where asked; then the same command works.
    assert.equal(saathi(['migrate', '--data-dir', empty], empty).status, 0);
    const jobs = saathi(['jobs', '--data-dir', empty], empty);
    assert.equal(jobs.status, 0, jobs.stderr);
  });
});

describe('saathi migrate rollback', () => {
  test('without --force it names what it would drop, exits 1 and changes nothing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-rollback-'));
    assert.equal(saathi(['migrate'], dir).status, 0);
    const refused = saathi(['migrate', 'rollback'], dir);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /^Error: Rolling back undoes \d+ migrations \(.*20261122_001_accounts.*\) and drops the tables they created with all their data; run saathi migrate rollback --force to go ahead \(it backs the database up first\)\.$/m);
    assert.doesNotMatch(saathi(['migrate', 'status'], dir).stdout, /pending/, 'nothing was rolled back');
  });
});
