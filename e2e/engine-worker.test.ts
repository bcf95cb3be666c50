import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';

/**
 * The built server reads a large database's members on two threads at start-up, the second one a worker on the
 * build's own small bundle (dist/saathi-scan-worker.mjs). Only a database of 200,000 members starts it, so here the
 * worker is started as the server starts it, on a seeded database, and must send back every live member.
 */

const DIST = path.resolve(import.meta.dirname, '..', process.env.SAATHI_DIST || 'dist');

test("the build's scan worker reads every live member and sends its index back", async () => {
  const bundle = path.join(DIST, 'saathi-scan-worker.mjs');
  assert.ok(fs.existsSync(bundle), 'the build writes the scan worker beside saathi.mjs');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-worker-'));
  try {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' };
    for (const args of [['migrate'], ['seed', '--profiles', '40']]) {
      const res = spawnSync(process.execPath, [path.join(DIST, 'saathi.mjs'), ...args], { env, encoding: 'utf8', timeout: 120_000 });
      assert.equal(res.status, 0, res.stderr);
    }
    const filename = path.join(dataDir, 'saathi.sqlite');
    const db = new Database(filename, { readonly: true });
    const live = Number(db.prepare('SELECT count(*) FROM profiles WHERE is_deleted = 0').pluck().get());
    db.close();
    assert.ok(live >= 40);
    const job = { role: 'saathi-match-engine-scan', source: { client: 'better-sqlite3', filename }, range: { after: 0, upTo: Number.POSITIVE_INFINITY }, capacity: 100 };
    const worker = new Worker(`import(${JSON.stringify(`file://${bundle}`)})`, { eval: true, workerData: job });
    const reply = await new Promise<{ header?: { liveCount: number }; error?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the worker exited (${code}) without an answer`)));
    });
    await worker.terminate();
    assert.equal(reply.error, undefined);
    assert.equal(reply.header?.liveCount, live);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
