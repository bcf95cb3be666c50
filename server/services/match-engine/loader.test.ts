import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { readArrays } from '../../db';
import type { Profile } from '../../models/profile';
import { User } from '../../models/user';
import { buildProfile, buildUser } from '../../test/factories';
import { type TestServer, startTestServer } from '../../test/harness';
import { Dictionaries } from './dictionaries';
import { loadMembers, scanMembers } from './loader';
import { memberLinesCurrent } from './member-lines';
import { type MemberValues, textOf } from './member-row';
import { blankValues } from './line-columns';
import { LineReader } from './line-reader';
import { PLAIN_COLUMNS } from './packed-row';

/**
 * The start-up scan and the reload of changed members read each row as one line of bytes built by the database
 * (packed-row.ts). What they give must be what the columns hold, read one by one: NULL and '' apart, numbers
 * exact, booleans of either database, text in any script, and values holding the separators themselves (written
 * around the app, whose contracts refuse control characters; only a value that is the NULL mark alone would be
 * misread), and values COPY escapes (a backslash, a tab, a line feed). On SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */

let server: TestServer;
const ids: number[] = [];

before(async () => {
  server = await startTestServer();
  const awkward: Array<Partial<Profile>> = [
    {},
    { profession: '', educationPreference: null, professionPreference: '', agePreferenceMin: null, agePreferenceMax: null },
    { profession: 'Ingénieure — Zürich 東京', religion: null, motherTongue: 'मराठी', diet: null, maritalStatus: null },
    { profession: 'two\u001fvalues', educationPreference: 'ends with \u001e' },
    { profession: 'a \u001e in the middle', professionPreference: 'engineer' },
    { locationPreference: [], returnToIndiaPlans: null, culturalIntegrationLevel: null, moonLongitude: 123.45678901234567 },
    // PostgreSQL's scan reads COPY's text, which escapes these.
    { profession: 'back\\slash \\N', education: 'tab\there', diet: 'line\nfeed' },
  ];
  for (const [i, overrides] of awkward.entries()) {
    const { user } = await buildUser(server, { tier: i % 2 === 0 ? 'elite' : undefined });
    const profile = await buildProfile(server, user, overrides);
    ids.push(user.id);
    if (i === 3) await server.db('profiles').where('id', profile.id).update({ search_text: 'free\u001ftext ünïcode' });
    if (i === 4) await User.query(server.db).findById(user.id).patch({ isVerified: true, lastActiveAt: 1_700_000_000_123 });
  }
});

after(async () => {
  await server?.close();
});

/** One index's dictionaries: what the rows read below resolve their texts to. */
const dicts = new Dictionaries();

/** The members' rows read column by column: what the lines must equal. */
async function plainRows(): Promise<Map<number, MemberValues>> {
  const { rows } = await readArrays(
    server.db,
    `SELECT ${PLAIN_COLUMNS} FROM profiles p JOIN users u ON u.id = p.user_id LEFT JOIN privacy_settings ps ON ps.user_id = p.user_id WHERE p.is_deleted = FALSE AND p.user_id IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  const reader = new LineReader(dicts);
  const out = new Map<number, MemberValues>();
  for (const r of rows) {
    const row = reader.fillCells(blankValues(), r);
    out.set(row.userId, row);
  }
  return out;
}

/** Values compared: the text as a string, without what is worked out apart (photos, the Moon when missing). */
const comparable = (row: MemberValues) => ({ ...row, hasPhoto: undefined, moonLongitude: undefined, text: textOf(row), textBytes: undefined, textFrom: undefined, textTo: undefined });

test('reloading members gives what their columns hold, value for value', async () => {
  const expected = await plainRows();
  assert.equal(expected.size, ids.length);
  const loaded = await loadMembers(server.db, ids, dicts);
  assert.equal(loaded.length, ids.length);
  for (const row of loaded) assert.deepEqual(comparable(row), comparable(expected.get(row.userId) as MemberValues), `member ${row.userId}`);
  const awkward = new Map(loaded.map((r) => [r.userId, r]));
  const member = (i: number) => awkward.get(ids[i]) as MemberValues;
  assert.equal(dicts.professions.values[member(1).profession], '', "'' is not NULL");
  assert.equal(member(1).eduPref, 0);
  assert.equal(dicts.tongues.values[member(2).tongue], 'मराठी');
  assert.equal(dicts.professions.values[member(2).profession], 'Ingénieure — Zürich 東京');
  assert.equal(dicts.professions.values[member(3).profession], 'two\u001fvalues');
  assert.equal(textOf(member(3)), 'free\u001ftext ünïcode');
  assert.equal(dicts.professions.values[member(6).profession], 'back\\slash \\N');
  assert.equal(dicts.diets.values[member(6).diet], 'line\nfeed');
  assert.equal(member(4).verified, true);
  assert.equal(member(4).lastActiveAt, 1_700_000_000_123);
  assert.equal(member(5).moonLongitude, 123.45678901234567, 'the Moon longitude to the last digit');
  assert.equal(member(0).elite, true);
  // A Moon longitude not stored yet is worked out (and stored), not read as 0 (on its own: a page of lines).
  const moon = member(0).moonLongitude;
  await server.db('profiles').where('userId', ids[0]).update({ moonLongitude: null });
  const [again] = await loadMembers(server.db, [ids[0]], dicts);
  assert.equal(again.moonLongitude, moon);
  assert.equal(Number((await server.db('profiles').where('userId', ids[0]).first('moonLongitude')).moonLongitude), moon, 'stored');
  assert.ok((member(0).subscriptionEnds ?? 0) > Date.now());
});

for (const stored of [true, false]) {
  test(`the start-up scan reads the same rows, in the scan order (${stored ? 'the stored lines' : 'lines built as read'})`, async () => {
    assert.equal(await memberLinesCurrent(server.db), true, 'the migrated database holds this build\'s lines');
    const expected = await plainRows();
    const seen: MemberValues[] = [];
    await scanMembers(server.db, dicts, (row) => seen.push({ ...row, text: textOf(row), textBytes: null }), { pageSize: 2, stored });
    const mine = seen.filter((r) => ids.includes(r.userId));
    assert.deepEqual(mine.map((r) => r.userId), ids, 'in order, none lost or twice (pages of 2 rows)');
    for (const row of mine) assert.deepEqual(comparable(row), comparable(expected.get(row.userId) as MemberValues), `member ${row.userId}`);
  });
}
