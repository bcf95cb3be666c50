import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

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

before(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-cli-reviewer-'));
  // Account commands work on an existing database (they refuse a data directory without one).
  assert.equal(saathi(['migrate']).status, 0);
});
after(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('saathi reviewer deactivate | reactivate | role | reset', () => {
  test('each changes the account, says what it did, and refuses what would lock everyone out', () => {
    assert.equal(saathi(['reviewer', 'create', 'boss', '--admin', '--name', 'Boss'], 'boss-password-1\n').status, 0);
    assert.equal(saathi(['reviewer', 'create', 'meera.ops', '--name', 'Meera'], 'meera-password-1\n').status, 0);

    const lastAdmin = saathi(['reviewer', 'deactivate', 'boss']);
    assert.equal(lastAdmin.status, 1);
    assert.match(lastAdmin.stderr, /only active admin/);

    const off = saathi(['reviewer', 'deactivate', 'meera.ops']);
    assert.equal(off.status, 0, off.stderr);
    assert.match(off.stdout, /Deactivated reviewer "meera.ops"; 0 open session\(s\) ended\./);
    assert.equal(saathi(['reviewer', 'deactivate', 'meera.ops']).status, 1, 'already deactivated');
    assert.match(saathi(['reviewer', 'reactivate', 'meera.ops']).stdout, /Reactivated "meera.ops"/);

    const promote = saathi(['reviewer', 'role', 'meera.ops', 'admin']);
    assert.equal(promote.status, 0, promote.stderr);
    assert.match(promote.stdout, /"meera.ops" is now an admin/);
    const bad = saathi(['reviewer', 'role', 'meera.ops', 'owner']);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /"reviewer" or "admin"/);

    const reset = saathi(['reviewer', 'reset', 'meera.ops']);
    assert.equal(reset.status, 0, reset.stderr);
    assert.match(reset.stdout, /password reset link was emailed to meera.ops@reviewers.saathi.local/);

    const nobody = saathi(['reviewer', 'reset', 'no.such.person']);
    assert.equal(nobody.status, 1);
    assert.match(nobody.stderr, /No reviewer or admin is called "no.such.person"/);
  });
});
