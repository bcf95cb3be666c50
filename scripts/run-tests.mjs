// Runs every test: unit, API and component tests (node:test through tsx), then the build, then the browser
// tests in real Chromium. Node 20's test runner takes no globs, so the files are listed here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv[2]; // optional: unit | e2e | api (the server's API tests only) | dates

function find(dir, pattern) {
  const out = [];
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return out;
  for (const entry of fs.readdirSync(abs, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath ?? entry.path, entry.name);
    if (full.includes('node_modules')) continue;
    if (pattern.test(entry.name)) out.push(path.relative(root, full));
  }
  return out.sort();
}

function run(cmd, args, extraEnv = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

if (only === 'dates') {
  const { DATE_SENSITIVE_TESTS, TEST_CLOCKS } = await import('./date-sensitive-tests.mjs');
  for (const clock of TEST_CLOCKS) {
    console.log(`\n▶ date-sensitive tests on ${clock} (${DATE_SENSITIVE_TESTS.length} files)`);
    run(process.execPath, ['--import', 'tsx', '--import', './scripts/test-clock.mjs', '--test', '--test-concurrency=2', ...DATE_SENSITIVE_TESTS], { SAATHI_TEST_CLOCK: clock });
  }
  process.exit(0);
}
if (only === 'api') {
  const api = find('server', /\.test\.ts$/);
  const target = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : process.env.DB_CLIENT === 'sqlite3' ? 'SQLite (sqlite3 client)' : 'SQLite (better-sqlite3)';
  console.log(`\n▶ API tests on ${target} (${api.length} files)`);
  run(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...api]);
  process.exit(0);
}
if (only !== 'e2e') {
  const unit = [
    ...find('contracts', /\.test\.ts$/),
    ...find('server', /\.test\.ts$/),
    ...find('cli', /\.test\.ts$/),
    ...find('fixtures', /\.test\.ts$/),
    ...find('member-ui', /\.test\.tsx?$/),
    ...find('ops-ui', /\.test\.tsx?$/),
  ];
  console.log(`\n▶ unit, API and component tests (${unit.length} files)`);
  run(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...unit]);
}
if (only !== 'unit') {
  run('bash', [path.join(root, 'scripts/ensure-chromium.sh')]);
  console.log('\n▶ build');
  run(process.execPath, [path.join(root, 'build.mjs')]);
  const e2e = find('e2e', /\.test\.ts$/);
  console.log(`\n▶ browser tests in Chromium (${e2e.length} files)`);
  run(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...e2e]);
}
