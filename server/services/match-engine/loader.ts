import type { Knex } from 'knex';
import { type Cell, type Db, isPostgres, readArrays } from '../../db';
import { moonLongitude } from '../kundali/chart';
import type { MemberRow } from './member-row';

/**
 * Reading members for the index: the start-up scan (every live profile, in pages by id) and the reload of the
 * members a change names. On better-sqlite3 and PostgreSQL the rows are read as arrays straight from the driver
 * (a million rows through the query builder's object mapping would cost seconds); the sqlite3 driver, used only
 * by a test run, goes through knex.
 */

const COLUMNS = `p.id, p.user_id, p.gender, p.looking_for, p.date_of_birth, p.country, p.education, p.profession, p.religion,
  p.mother_tongue, p.marital_status, p.diet, p.return_to_india_plans, p.cultural_integration_level, p.age_preference_min,
  p.age_preference_max, p.location_preference, p.education_preference, p.profession_preference, p.profile_type,
  p.moon_longitude, p.search_text, u.is_verified, u.is_deleted, u.status, u.role, u.subscription_tier, u.subscription_ends,
  u.last_active_at, ps.profile_visibility`;
const FROM = 'FROM profiles p JOIN users u ON u.id = p.user_id LEFT JOIN privacy_settings ps ON ps.user_id = p.user_id';

const str = (v: Cell) => (v === null || v === undefined ? null : String(v));
const num = (v: Cell) => (v === null || v === undefined ? null : Number(v));
const bool = (v: Cell) => v === true || Number(v) === 1;

function toRow(r: Cell[]): MemberRow {
  return {
    profileId: Number(r[0]),
    userId: Number(r[1]),
    gender: str(r[2]),
    lookingFor: str(r[3]),
    dateOfBirth: str(r[4]),
    country: str(r[5]),
    education: str(r[6]),
    profession: str(r[7]),
    religion: str(r[8]),
    motherTongue: str(r[9]),
    maritalStatus: str(r[10]),
    diet: str(r[11]),
    returnToIndiaPlans: str(r[12]),
    culturalIntegrationLevel: str(r[13]),
    agePreferenceMin: num(r[14]),
    agePreferenceMax: num(r[15]),
    locationPreference: str(r[16]),
    educationPreference: str(r[17]),
    professionPreference: str(r[18]),
    profileType: str(r[19]),
    moonLongitude: num(r[20]),
    searchText: str(r[21]),
    isVerified: bool(r[22]),
    active: !bool(r[23]) && r[24] === 'active',
    isMember: r[25] === 'member',
    subscriptionTier: str(r[26]),
    subscriptionEnds: num(r[27]),
    lastActiveAt: num(r[28]),
    visibility: str(r[29]),
    hasPhoto: false, // filled from one query of the profiles with photos (withPhotos), not a subquery per row
  };
}

/** What the loader reads and how it reads it: a snapshot of the index made from other columns is not used. */
export const LOADER_SHAPE = `${COLUMNS}\n${FROM}\n${String(toRow)}\n${String(declinedProfiles)}`;

/** The Moon longitude of profiles whose stored value is missing, worked out from their birth fields and stored. */
async function fillMoons(db: Db, rows: MemberRow[]): Promise<void> {
  const missing = rows.filter((r) => r.moonLongitude === null);
  if (missing.length === 0) return;
  const byId = new Map(missing.map((r) => [r.profileId, r]));
  const birth = await db('profiles')
    .whereIn('id', [...byId.keys()])
    .select('id', 'gender', 'dateOfBirth', 'birthHour', 'birthMinute', 'birthAmPm', 'birthPlace', 'zodiacSign', 'rashi', 'nakshatra', 'manglik');
  const same = isPostgres(db) ? 'IS NOT DISTINCT FROM' : 'IS';
  const fields = ['date_of_birth', 'birth_hour', 'birth_minute', 'birth_am_pm', 'birth_place', 'rashi', 'nakshatra', 'manglik'];
  const computed: Array<{ b: (typeof birth)[number]; manglik: boolean | null; value: number }> = [];
  for (const b of birth) {
    const manglik = b.manglik === null || b.manglik === undefined ? null : Boolean(Number(b.manglik));
    const value = moonLongitude({ ...b, manglik }) ?? -1;
    const row = byId.get(Number(b.id));
    if (row) row.moonLongitude = value;
    computed.push({ b, manglik, value });
  }
  try {
    await db.transaction(async (trx) => {
      for (const { b, manglik, value } of computed) {
        // Stored only if the birth fields are still the ones read (a concurrent edit clears the column again).
        const values = [b.dateOfBirth, b.birthHour, b.birthMinute, b.birthAmPm, b.birthPlace, b.rashi, b.nakshatra, manglik];
        await trx.raw(
          `UPDATE profiles SET moon_longitude = ? WHERE id = ? AND moon_longitude IS NULL AND ${fields.map((f) => `${f} ${same} ?`).join(' AND ')}`,
          [value, b.id, ...values.map((v) => (v === undefined ? null : v))] as Knex.RawBinding[],
        );
      }
    });
  } catch {
    // Storing is only a cache for the next start-up: a database refusing writes (read-only, full) still gets
    // answers, computed here.
  }
}

/** Which of these profiles (all, when `ids` is null) have a profile photo: far fewer rows than profiles. */
async function withPhotos(db: Db, ids: number[] | null): Promise<Set<number>> {
  const sql = `SELECT DISTINCT profile_id FROM photos WHERE purpose = 'profile' AND profile_id IS NOT NULL${ids ? ` AND profile_id IN (${ids.map(() => '?').join(', ')})` : ''}`;
  return new Set((await readArrays(db, sql, ids ?? [])).rows.map((r) => Number(r[0])));
}

/**
 * Which of these profiles (all, when `ids` is null) the person they were made for declined: live for no one, so
 * not in the index. A handful of rows, read apart rather than probed for every profile of the scan.
 */
async function declinedProfiles(db: Db, ids: number[] | null): Promise<Set<number>> {
  const sql = `SELECT profile_id FROM profile_family WHERE consent = 'declined'${ids ? ` AND profile_id IN (${ids.map(() => '?').join(', ')})` : ''}`;
  return new Set((await readArrays(db, sql, ids ?? [])).rows.map((r) => Number(r[0])));
}

/**
 * SQLite: keyset pages by id, the next one asked for before this one is indexed. Pages are small so each one's
 * rows die young (a page of 20,000 outlived the young generation and was copied by the collector).
 */
async function* keysetPages(db: Db, pageSize: number): AsyncGenerator<Cell[][]> {
  const read = (after: number) => {
    const page = readArrays(db, `SELECT ${COLUMNS} ${FROM} WHERE p.is_deleted = FALSE AND p.id > ? ORDER BY p.id LIMIT ?`, [after, pageSize]).then((r) => r.rows);
    page.catch(() => {}); // awaited below; only the failure of a page abandoned by an earlier failure is dropped
    return page;
  };
  let next: Promise<Cell[][]> | null = read(0);
  while (next) {
    const cells: Cell[][] = await next;
    next = cells.length === pageSize ? read(Number(cells[pageSize - 1][0])) : null;
    if (cells.length > 0) yield cells;
  }
}

interface PgConn {
  query(config: string | { text: string; rowMode: 'array' }): Promise<{ rows: Cell[][] }>;
}

/**
 * PostgreSQL: one cursor over the whole scan, read a page at a time on one connection (the next page is asked
 * for before this one is indexed). A keyset query per page was planned afresh each time and started parallel
 * workers for 2,000 rows (about 100 ms a page: a minute for a million members); the cursor is planned once for
 * the whole result (cursor_tuple_fraction 1), in one read-only snapshot. Changes committed meanwhile reach the
 * engine through the change feed, which is followed from before the scan.
 */
async function* cursorPages(db: Db, pageSize: number): AsyncGenerator<Cell[][]> {
  const conn = (await db.client.acquireConnection()) as PgConn;
  let open = false;
  try {
    await conn.query('BEGIN READ ONLY');
    open = true;
    await conn.query('SET LOCAL cursor_tuple_fraction = 1');
    await conn.query(`DECLARE engine_scan NO SCROLL CURSOR FOR SELECT ${COLUMNS} ${FROM} WHERE p.is_deleted = FALSE`);
    const read = () => {
      const page = conn.query({ text: `FETCH FORWARD ${pageSize} FROM engine_scan`, rowMode: 'array' }).then((r) => r.rows);
      page.catch(() => {}); // awaited below, or abandoned with the transaction
      return page;
    };
    let next: Promise<Cell[][]> | null = read();
    while (next) {
      const cells: Cell[][] = await next;
      next = cells.length === pageSize ? read() : null;
      if (cells.length > 0) yield cells;
    }
    await conn.query('COMMIT');
    open = false;
  } finally {
    if (open) await conn.query('ROLLBACK').catch(() => {});
    await db.client.releaseConnection(conn);
  }
}

/** Every live profile, a page at a time (`onPage` is called with each page). */
export async function scanMembers(db: Db, onPage: (rows: MemberRow[]) => void, pageSize = 2_000): Promise<number> {
  let total = 0;
  const photos = await withPhotos(db, null);
  const declined = await declinedProfiles(db, null);
  const pages = db.client.config.client === 'pg' ? cursorPages(db, pageSize) : keysetPages(db, pageSize);
  for await (const cells of pages) {
    let page = cells.map(toRow);
    if (declined.size > 0) page = page.filter((row) => !declined.has(row.profileId));
    for (const row of page) row.hasPhoto = photos.has(row.profileId);
    await fillMoons(db, page);
    onPage(page);
    total += page.length;
  }
  return total;
}

/** The live profiles of these members (members without one are simply absent). */
export async function loadMembers(db: Db, userIds: number[]): Promise<MemberRow[]> {
  const out: MemberRow[] = [];
  for (let i = 0; i < userIds.length; i += 500) {
    const ids = userIds.slice(i, i + 500);
    let rows = (await readArrays(db, `SELECT ${COLUMNS} ${FROM} WHERE p.is_deleted = FALSE AND p.user_id IN (${ids.map(() => '?').join(', ')})`, ids)).rows.map(toRow);
    const declined = rows.length ? await declinedProfiles(db, rows.map((r) => r.profileId)) : new Set<number>();
    rows = rows.filter((row) => !declined.has(row.profileId));
    const photos = rows.length ? await withPhotos(db, rows.map((r) => r.profileId)) : new Set<number>();
    for (const row of rows) row.hasPhoto = photos.has(row.profileId);
    await fillMoons(db, rows);
    out.push(...rows);
  }
  return out;
}
