import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { readArrays } from '../../db';
import type { Profile } from '../../models/profile';
import { User } from '../../models/user';
import { buildProfile, buildUser } from '../../test/factories';
import { type TestServer, startTestServer } from '../../test/harness';
import { loadMembers, scanMembers } from './loader';
import type { MemberRow } from './member-row';
import { PLAIN_COLUMNS, plainRow } from './packed-row';

/**
 * The start-up scan and the reload of changed members read each row packed into one text by the database
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

/** The members' rows read column by column: what the packed read must equal. */
async function plainRows(): Promise<Map<number, MemberRow>> {
  const { rows } = await readArrays(
    server.db,
    `SELECT ${PLAIN_COLUMNS} FROM profiles p JOIN users u ON u.id = p.user_id LEFT JOIN privacy_settings ps ON ps.user_id = p.user_id WHERE p.is_deleted = FALSE AND p.user_id IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  const out = new Map<number, MemberRow>();
  for (const r of rows) {
    const row = plainRow({} as MemberRow, r);
    out.set(row.userId, row);
  }
  return out;
}

const withoutDerived = (row: MemberRow) => ({ ...row, hasPhoto: undefined, moonLongitude: undefined, searchTextIn: undefined, searchTextAt: undefined });

test('reloading members gives what their columns hold, value for value', async () => {
  const expected = await plainRows();
  assert.equal(expected.size, ids.length);
  const loaded = await loadMembers(server.db, ids);
  assert.equal(loaded.length, ids.length);
  for (const row of loaded) assert.deepEqual(withoutDerived(row), withoutDerived(expected.get(row.userId) as MemberRow), `member ${row.userId}`);
  const awkward = new Map(loaded.map((r) => [r.userId, r]));
  assert.equal(awkward.get(ids[1])?.profession, '', "'' is not NULL");
  assert.equal(awkward.get(ids[1])?.educationPreference, null);
  assert.equal(awkward.get(ids[2])?.motherTongue, 'मराठी');
  assert.equal(awkward.get(ids[3])?.profession, 'two\u001fvalues');
  assert.equal(awkward.get(ids[3])?.searchText, 'free\u001ftext ünïcode');
  assert.equal(awkward.get(ids[4])?.isVerified, true);
  assert.equal(awkward.get(ids[4])?.lastActiveAt, 1_700_000_000_123);
  assert.equal(awkward.get(ids[5])?.moonLongitude, 123.45678901234567, 'the Moon longitude to the last digit');
  assert.equal(awkward.get(ids[0])?.subscriptionTier, 'elite');
  assert.ok((awkward.get(ids[0])?.subscriptionEnds ?? 0) > Date.now());
});

test('the start-up scan reads the same rows, in the scan order', async () => {
  const expected = await plainRows();
  const seen: MemberRow[] = [];
  await scanMembers(server.db, (row) => seen.push({ ...row }), undefined, 2);
  const mine = seen.filter((r) => ids.includes(r.userId));
  assert.deepEqual(mine.map((r) => r.userId), ids, 'in order, none lost or twice (pages of 2 rows)');
  for (const row of mine) assert.deepEqual(withoutDerived(row), withoutDerived(expected.get(row.userId) as MemberRow), `member ${row.userId}`);
});
