import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { isPostgres, readArrays } from '../../db';
import { buildProfile, buildUser } from '../../test/factories';
import { type TestServer, startTestServer, untilWaitingForLock } from '../../test/harness';
import { dropMemberLines, ensureMemberLines, memberLinesCurrent } from './member-lines';
import { LINE_FROM, LINE_LIVE, lineSql } from './packed-row';
import { scanIndex } from './parallel-scan';

/**
 * The member lines the database keeps (member-lines.ts) must always be the lines built from their tables at that
 * moment, whatever writes came before: profile edits, a birth field clearing the Moon, hides, privacy rows removed
 * and added, suspensions, tiers, verification, activity, bulk updates, soft and hard deletes, new members. On
 * SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

let server: TestServer;
const users: number[] = [];

before(async () => {
  server = await startTestServer();
  for (let i = 0; i < 6; i++) await addMember();
});

after(async () => {
  await server?.close();
});

async function addMember(): Promise<void> {
  const { user } = await buildUser(server);
  await buildProfile(server, user);
  users.push(user.id);
}

/** Each live profile's line as built from its tables now, and as stored, by profile id. */
async function lines(): Promise<{ built: string[]; stored: string[] }> {
  const db = server.db;
  const built = (await readArrays(db, `SELECT p.id, ${lineSql(isPostgres(db) ? 'pg' : 'sqlite')} ${LINE_FROM} WHERE ${LINE_LIVE} ORDER BY p.id`, [])).rows;
  const stored = (await readArrays(db, 'SELECT profile_id, line FROM member_lines ORDER BY profile_id', [])).rows;
  return { built: built.map((r) => `${r[0]}: ${r[1]}`), stored: stored.map((r) => `${r[0]}: ${r[1]}`) };
}

const text = fc.constantFrom('Doctor', 'Ingénieure — Zürich 東京', 'tab\there', 'line\nfeed', 'back\\slash', '', null);

type Op =
  | { kind: 'edit'; who: number; profession: string | null; searchText: string; ageMin: number | null; moon: number | null }
  | { kind: 'birth'; who: number; hour: number }
  | { kind: 'visibility'; who: number; value: 'all' | 'matches' | 'none' }
  | { kind: 'privacyRow'; who: number }
  | { kind: 'user'; who: number; status: 'active' | 'suspended'; tier: 'free' | 'elite'; verified: boolean; active: number }
  | { kind: 'bulkActive'; active: number }
  | { kind: 'softDelete'; who: number; deleted: boolean }
  | { kind: 'hardDelete'; who: number }
  | { kind: 'new' };

const who = fc.nat({ max: 50 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('edit' as const), who, profession: text, searchText: fc.string({ maxLength: 12 }), ageMin: fc.option(fc.integer({ min: 18, max: 60 })), moon: fc.option(fc.double({ min: 0, max: 359.99, noNaN: true })) }),
  fc.record({ kind: fc.constant('birth' as const), who, hour: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ kind: fc.constant('visibility' as const), who, value: fc.constantFrom('all' as const, 'matches' as const, 'none' as const) }),
  fc.record({ kind: fc.constant('privacyRow' as const), who }),
  fc.record({ kind: fc.constant('user' as const), who, status: fc.constantFrom('active' as const, 'suspended' as const), tier: fc.constantFrom('free' as const, 'elite' as const), verified: fc.boolean(), active: fc.nat() }),
  fc.record({ kind: fc.constant('bulkActive' as const), active: fc.nat() }),
  fc.record({ kind: fc.constant('softDelete' as const), who, deleted: fc.boolean() }),
  fc.record({ kind: fc.constant('hardDelete' as const), who }),
  fc.constant({ kind: 'new' as const }),
);

async function apply(o: Op): Promise<void> {
  const db = server.db;
  if (o.kind === 'new') return addMember();
  if (o.kind === 'bulkActive') {
    await db('users').whereIn('id', users).update({ lastActiveAt: 1_700_000_000_000 + o.active });
    return;
  }
  if (users.length === 0) return;
  const userId = users[o.who % users.length];
  const profile = db('profiles').where('userId', userId);
  switch (o.kind) {
    case 'edit':
      await profile.update({ profession: o.profession, searchText: o.searchText, agePreferenceMin: o.ageMin, moonLongitude: o.moon });
      return;
    case 'birth':
      await profile.update({ birthHour: o.hour });
      return;
    case 'visibility':
      await db('privacy_settings').where('userId', userId).update({ profileVisibility: o.value });
      return;
    case 'privacyRow': {
      // Removed, or put back when there is none.
      const row = await db('privacy_settings').where('userId', userId).first();
      if (row) await db('privacy_settings').where('userId', userId).delete();
      else await db('privacy_settings').insert({ userId, profileVisibility: 'none', updatedAt: 1_700_000_000_000 });
      return;
    }
    case 'user':
      await db('users').where('id', userId).update({ status: o.status, subscriptionTier: o.tier, isVerified: o.verified, lastActiveAt: o.active });
      return;
    case 'softDelete':
      await profile.update({ isDeleted: o.deleted });
      return;
    case 'hardDelete':
      await db('users').where('id', userId).delete();
      users.splice(users.indexOf(userId), 1);
      return;
  }
}

test('the stored lines are the lines built from their tables after any writes', async () => {
  assert.equal(await memberLinesCurrent(server.db), true);
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
      for (const o of ops) await apply(o);
      const { built, stored } = await lines();
      if (stored.join('\n') !== built.join('\n')) console.error(JSON.stringify({ ops, stored: stored.filter((l) => !built.includes(l)), built: built.filter((l) => !stored.includes(l)) }));
      assert.deepEqual(stored, built);
    }),
    { numRuns: 25 },
  );
});

test('two transactions writing one member at once leave the line with both writes', async () => {
  const db = server.db;
  await addMember();
  const userId = users[users.length - 1];
  const writes = {
    profile: (q: typeof db) => q('profiles').where('userId', userId).update({ profession: 'Architect' }),
    privacy: (q: typeof db) => q('privacy_settings').where('userId', userId).update({ profileVisibility: 'matches' }),
    user: (q: typeof db) => q('users').where('id', userId).update({ subscriptionTier: 'elite', lastActiveAt: Date.now() }),
    moon: (q: typeof db) => q('profiles').where('userId', userId).update({ moonLongitude: 123.456 }),
    restore: (q: typeof db) => q('profiles').where('userId', userId).update({ isDeleted: false }),
  };
  const pairs: Array<[keyof typeof writes, keyof typeof writes]> = [
    ['profile', 'privacy'],
    ['user', 'profile'],
    ['privacy', 'user'],
    ['moon', 'privacy'],
    // A profile coming back has no line for the second write to wait on: only the lock makes it wait.
    ['restore', 'privacy'],
  ];
  for (const [first, second] of pairs) {
    await db('privacy_settings').where('userId', userId).update({ profileVisibility: 'all' });
    await db('users').where('id', userId).update({ subscriptionTier: 'free' });
    await db('profiles').where('userId', userId).update({ profession: 'Teacher', moonLongitude: null, isDeleted: first === 'restore' });
    // The first write's transaction stays open while the second, on another connection, writes the same member.
    const trx = await db.transaction();
    await writes[first](trx as unknown as typeof db);
    const meanwhile = Promise.resolve(writes[second](db));
    if (isPostgres(db)) await untilWaitingForLock(db);
    await trx.commit();
    await meanwhile;
    const { built, stored } = await lines();
    assert.deepEqual(stored, built, `${first} then ${second}`);
  }
});

test('lines that are not this build\'s are not read, and are installed again', async () => {
  const db = server.db;
  // A trigger gone (as a migration rebuilding its table would leave it): not current, the scan builds the lines.
  await db.raw(isPostgres(db) ? 'DROP FUNCTION member_lines_users_update() CASCADE' : 'DROP TRIGGER member_lines_users_update');
  assert.equal(await memberLinesCurrent(db), false);
  const warnings: string[] = [];
  const index = await scanIndex(db, { log: (entry) => warnings.push(String(entry.msg)) });
  assert.match(warnings.join('\n'), /member lines are missing or not this build's/);
  const live = await db('profiles').where('isDeleted', false).count({ n: '*' }).first();
  assert.equal(index.liveCount, Number(live?.n), 'every live member read all the same');
  // A write the missing trigger did not follow: installing again brings the lines back to the tables.
  await addMember(); // (the writes of the test above may have left no live member)
  await db('users').where('id', users[users.length - 1]).update({ lastActiveAt: 1_800_000_000_000 });
  const stale = await lines();
  assert.notDeepEqual(stale.stored, stale.built);
  assert.equal(await ensureMemberLines(db), true);
  assert.equal(await memberLinesCurrent(db), true);
  const mended = await lines();
  assert.deepEqual(mended.stored, mended.built);
  assert.equal(await ensureMemberLines(db), false, 'nothing to do the second time');

  // Another build's definition (its digest differs): installed again.
  await db('member_lines_format').update({ format: 'an earlier build' });
  assert.equal(await memberLinesCurrent(db), false);
  assert.equal(await ensureMemberLines(db), true);
  assert.equal(await memberLinesCurrent(db), true);

  // Dropped (before migrations): gone, then back.
  await dropMemberLines(db);
  assert.equal(await memberLinesCurrent(db), false);
  await assert.rejects(readArrays(db, 'SELECT count(*) FROM member_lines', []));
  assert.equal(await ensureMemberLines(db), true);
  const back = await lines();
  assert.deepEqual(back.stored, back.built);
});
