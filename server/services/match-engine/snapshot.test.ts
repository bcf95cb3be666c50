import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { seedDemo } from '../../../fixtures/demo-seed';
import { Profile } from '../../models/profile';
import { PrivacySettings } from '../../models/settings';
import { User } from '../../models/user';
import { type TestServer, startTestServer } from '../../test/harness';
import { buildBlock } from '../../test/table-factories';
import { type OracleViewer, bruteSearch, readWorld, searchEveryPage } from '../../test/match-oracle';
import { requestEngineRebuild } from './change-feed';
import { Packer, decode, encode } from './columns-file';
import { MatchEngine } from './engine';
import type { SearchFilters } from './filters';
import { MemberIndex } from './member-index';
import { scanIndex, splittable } from './parallel-scan';
import { snapshotFileOf, writeSnapshot } from './snapshot';

/**
 * The index's snapshot (snapshot.ts): an engine started from it answers exactly as the brute force over the
 * database, including changes made while no engine ran; and every way the snapshot can be wrong (a pruned log,
 * a torn file, another schema, a rebuild asked for since) ends in a full read of the database, not in stale
 * answers. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const MEMBERS = 600;
let server: TestServer;
let memberIds: number[] = [];
const engines: MatchEngine[] = [];

before(async () => {
  server = await startTestServer();
  await seedDemo(server.db, { dataDir: server.dataDir, profiles: MEMBERS, seed: 5, passwordParams: { memoryKib: 1024, timeCost: 1 }, photos: 0, referenceTime: Date.now() });
  memberIds = (await Profile.query(server.db).where('isDeleted', false).select('userId').orderBy('userId')).map((p) => p.userId);
});

after(async () => {
  for (const e of engines) e.close();
  await server?.close();
});

function engineOf(options: { snapshot?: boolean } = {}): { engine: MatchEngine; logs: Array<Record<string, unknown>> } {
  const logs: Array<Record<string, unknown>> = [];
  const engine = new MatchEngine(server.db, server.services.live, ['snapshot-test'], (e) => logs.push(e), { dataDir: server.dataDir, ...options });
  engines.push(engine);
  return { engine, logs };
}

const FILTERS: SearchFilters[] = [
  { tokens: [] },
  { tokens: ['eng'] },
  { tokens: [], minAge: 24, maxAge: 34, countries: ['United States', 'United Kingdom', 'Canada'] },
  { tokens: [], minGuna: 18 },
];

/** Every page of every filter for a handful of viewers equals the brute force over the database as it is now. */
async function assertAnswersMatchDatabase(engine: MatchEngine): Promise<void> {
  const world = await readWorld(server.db);
  for (const id of memberIds.filter((_, i) => i % 97 === 3)) {
    const viewer: OracleViewer = { id, role: 'member' };
    for (const filters of FILTERS) {
      let got: Awaited<ReturnType<typeof searchEveryPage>>;
      try {
        got = await searchEveryPage(engine, viewer, filters, 40);
      } catch (error) {
        // a guna minimum for a viewer without a Moon is a clear 422 (engine.test.ts covers it)
        if (filters.minGuna !== undefined && (error as { status?: number }).status === 422) continue;
        throw error;
      }
      const expected = bruteSearch(world, viewer, filters);
      assert.deepEqual(got.rows, expected, `viewer ${id}, filters ${JSON.stringify(filters)}`);
      assert.equal(got.total, expected.length);
    }
  }
}

/** Changes of every kind the index holds, made straight in the database (the log's triggers record them). */
async function changeMembers(round: number): Promise<void> {
  const db = server.db;
  const pick = (i: number) => memberIds[(i * 37 + round * 11) % memberIds.length];
  await Profile.query(db).where({ userId: pick(1) }).patch({ country: 'Canada', religion: 'Jain', updatedAt: Date.now() });
  await Profile.query(db).where({ userId: pick(2) }).patch({ searchText: `renamed engineer ${round} toronto`, updatedAt: Date.now() });
  await PrivacySettings.query(db).where({ userId: pick(3) }).patch({ profileVisibility: 'none' });
  await Profile.query(db).where({ userId: pick(4) }).patch({ isDeleted: true });
  await User.query(db).findById(pick(5)).patch({ status: 'suspended' });
  await User.query(db).findById(pick(6)).patch({ isVerified: true });
  await Profile.query(db).where({ userId: pick(7) }).patch({ dateOfBirth: '1990-02-03', rashi: 'Vrishabha', nakshatra: 'Rohini', birthPlace: null });
  const [a, b] = [pick(8), memberIds[3]];
  if (a !== b) await buildBlock(db, { blockerId: a, blockedId: b });
}

describe('match engine snapshot', () => {
  test('an index written and read back is the same index, byte for byte', async () => {
    const { engine } = engineOf({ snapshot: false });
    await engine.start();
    const index = (engine as unknown as { index: MemberIndex }).index;
    const packer = new Packer();
    const once = encode(index.toSnapshot(packer), packer);
    const { header, arrays } = decode(once);
    const back = MemberIndex.fromSnapshot(header as Parameters<typeof MemberIndex.fromSnapshot>[0], arrays());
    const again = new Packer();
    assert.ok(once.equals(encode(back.toSnapshot(again), again)));
    assert.equal(back.liveCount, index.liveCount);
  });

  test('the start-up build read on two threads (a worker reading the upper half) is the same index, byte for byte', async () => {
    // A test run on the sqlite3 driver reads on one thread (a worker opens databases with better-sqlite3 or pg).
    const sqlite3 = server.db.client.config.client === 'sqlite3';
    assert.equal(splittable(server.db), !sqlite3, 'a worker can open the test database');
    const bytes = async (splitAt: number) => {
      const index = (await scanIndex(server.db, { splitAt, log: (e) => assert.fail(String(e.err)) })).clustered();
      const packer = new Packer();
      return encode(index.toSnapshot(packer), packer);
    };
    const one = await bytes(Number.POSITIVE_INFINITY);
    const two = await bytes(0);
    assert.ok(one.equals(two));
  });

  test('a restart loads the snapshot and follows the changes made while it was down', async () => {
    const file = snapshotFileOf(server.db, server.dataDir);
    assert.ok(file);
    fs.rmSync(file, { force: true });
    const first = engineOf();
    await first.engine.start();
    assert.equal(first.engine.stats().restored, false);
    await changeMembers(1);
    await first.engine.flush();
    assert.ok(fs.existsSync(file), 'the snapshot is written');
    first.engine.close();

    // Changes made with no engine running: the next start must read them from the log.
    await changeMembers(2);
    const second = engineOf();
    await second.engine.start();
    assert.equal(second.engine.stats().restored, true, JSON.stringify(second.logs));
    await assertAnswersMatchDatabase(second.engine);
    // Changes while it runs are followed as always.
    await changeMembers(3);
    second.engine.localWrite();
    await assertAnswersMatchDatabase(second.engine);
    await second.engine.flush();
    second.engine.close();
  });

  test('a log pruned past the snapshot, a torn file or another schema: a full read, and answers still right', async () => {
    const file = snapshotFileOf(server.db, server.dataDir) as string;
    let round = 10;
    const fresh = async (why: string, expectWarning: boolean) => {
      const e = engineOf();
      await e.engine.start();
      assert.equal(e.engine.stats().restored, false, why);
      assert.equal(e.logs.some((l) => l.level === 'warn'), expectWarning, `${why}: ${JSON.stringify(e.logs)}`);
      await changeMembers(++round);
      e.engine.localWrite();
      await assertAnswersMatchDatabase(e.engine);
      await e.engine.flush();
      e.engine.close();
    };
    // the marker row is gone (the log was pruned past it)
    const { checkpoint } = (decode(fs.readFileSync(file)).header as { checkpoint: { mark: number } });
    await server.db('engine_changes').where('id', checkpoint.mark).delete();
    await fresh('pruned log', false);
    // a file cut short (a disk that filled up while another tool copied it)
    fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2));
    await fresh('torn file', true);
    // a migration applied since
    await server.db('knex_migrations').insert({ name: '20991231_00_later.ts', batch: 99, migration_time: new Date() });
    try {
      await fresh('another schema', false);
    } finally {
      await server.db('knex_migrations').where('name', '20991231_00_later.ts').delete();
    }
  });

  test('a rebuild asked for after the snapshot (bulk writes without the log) is honoured', async () => {
    const file = snapshotFileOf(server.db, server.dataDir) as string;
    fs.rmSync(file, { force: true });
    const writer = engineOf();
    await writer.engine.start();
    await writer.engine.flush();
    writer.engine.close();
    assert.ok(fs.existsSync(file));
    // A bulk write with the log paused, as the seed does, then the rebuild request it ends with.
    await server.db.transaction(async (trx) => {
      await trx('engine_log_pause').insert({ id: 1 });
      await trx('profiles').where('userId', memberIds[10]).update({ country: 'Japan', religion: 'Buddhist' });
      await trx('engine_log_pause').delete();
    });
    await requestEngineRebuild(server.db);
    const e = engineOf();
    await e.engine.start();
    assert.equal(e.engine.stats().restored, true);
    await assertAnswersMatchDatabase(e.engine);
    assert.equal(e.engine.stats().restored, false, 'the rebuild read every member');
  });

  test("what a process that died mid-write left beside the snapshot is removed; a live writer's is not", async () => {
    // A file of its own: the engines of the tests above may still write theirs.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-snapshot-')), 'saathi.sqlite.match-index');
    const dead = `${file}.2147483646-0badcafe.tmp`; // no process has this id
    const live = `${file}.${process.ppid}-0badcafe.tmp`; // the test runner: alive, writing its own
    const unrelated = `${file}.notes.tmp`;
    for (const f of [dead, live, unrelated]) fs.writeFileSync(f, 'partial');
    await writeSnapshot(file, Buffer.from('snapshot'));
    assert.equal(fs.readFileSync(file, 'utf8'), 'snapshot');
    assert.equal(fs.existsSync(dead), false);
    assert.equal(fs.existsSync(live), true);
    assert.equal(fs.existsSync(unrelated), true);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
