import type { Knex } from 'knex';
import { to as copyTo } from 'pg-copy-streams';
import { type Cell, type Db, isPostgres, readArrays } from '../../db';
import { moonLongitude } from '../kundali/chart';
import type { MemberRow } from './member-row';
import { PLAIN_COLUMNS, PackedReader, copyStatement, packedColumns, plainRow } from './packed-row';

/**
 * Reading members for the index: the start-up scan (every live profile, in pages by id) and the reload of the
 * members a change names. On better-sqlite3 and PostgreSQL the rows are read as arrays straight from the driver
 * (a million rows through the query builder's object mapping would cost seconds); the sqlite3 driver, used only
 * by a test run, goes through knex.
 */

const FROM = 'FROM profiles p JOIN users u ON u.id = p.user_id LEFT JOIN privacy_settings ps ON ps.user_id = p.user_id';

/** The column list of the reads below: each row packed into one text by the database (see packed-row.ts). */
const columnsOf = (db: Db) => packedColumns(isPostgres(db) ? 'pg' : 'sqlite');

/** An empty row, every field present (one object shape for every row). */
function blankRow(): MemberRow {
  return {
    profileId: 0, userId: 0, gender: null, lookingFor: null, dateOfBirth: null, country: null, education: null, profession: null,
    religion: null, motherTongue: null, maritalStatus: null, diet: null, returnToIndiaPlans: null, culturalIntegrationLevel: null,
    agePreferenceMin: null, agePreferenceMax: null, locationPreference: null, educationPreference: null, professionPreference: null,
    profileType: null, moonLongitude: null, searchText: null, searchTextIn: null, searchTextAt: 0, isVerified: false, active: false, isMember: false, subscriptionTier: null,
    subscriptionEnds: null, lastActiveAt: null, visibility: null, hasPhoto: false,
  };
}

/**
 * A page of rows as read: the driver's cells of a packed read (`fill`), or COPY lines in one text (`fillLine`,
 * PostgreSQL's start-up scan).
 */
interface ScanPage {
  readonly size: number;
  /** Fills `row` from the i-th row; false when it must be read again column by column (see packed-row.ts). */
  fill(reader: PackedReader, row: MemberRow, i: number): boolean;
  /** The i-th row's profile id. */
  id(i: number): number;
}

const cellsPage = (cells: Cell[][]): ScanPage => ({
  size: cells.length,
  fill: (reader, row, i) => reader.fill(row, cells[i]),
  id: (i) => Number(cells[i][0]),
});

/** The lines of `text` (each ended by a line feed), as COPY writes them: the profile id first. */
function linesPage(text: string): ScanPage {
  const ends: number[] = [];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) ends.push(at);
  const from = (i: number) => (i === 0 ? 0 : ends[i - 1] + 1);
  return {
    size: ends.length,
    fill: (reader, row, i) => reader.fillLine(row, text, from(i), ends[i]),
    id: (i) => Number.parseInt(text.slice(from(i), from(i) + 20), 10),
  };
}

/**
 * The rows of a page from the i-th on as row objects, in order. A row that cannot be read packed is read again
 * column by column; one gone meanwhile is left out (its change reaches the index through the feed).
 */
async function rowsOf(db: Db, reader: PackedReader, page: ScanPage, first = 0): Promise<MemberRow[]> {
  const rows: Array<MemberRow | null> = [];
  const again: number[] = [];
  for (let i = first; i < page.size; i++) {
    const row = blankRow();
    if (page.fill(reader, row, i)) rows.push(row);
    else {
      rows.push(null);
      again.push(page.id(i));
    }
  }
  if (again.length === 0) return rows as MemberRow[];
  const { rows: plain } = await readArrays(db, `SELECT ${PLAIN_COLUMNS} ${FROM} WHERE p.id IN (${again.map(() => '?').join(', ')})`, again);
  const byId = new Map(plain.map((r) => [Number(r[0]), plainRow(blankRow(), r)]));
  return rows.map((row, k) => row ?? byId.get(page.id(first + k)) ?? null).filter((row): row is MemberRow => row !== null);
}

/** What the loader reads and how it reads it: a snapshot of the index made from other columns is not used. */
export const LOADER_SHAPE = [packedColumns('sqlite'), packedColumns('pg'), copyStatement(PLAIN_COLUMNS), FROM, PackedReader, plainRow, declinedProfiles, keysetPages, copyPages]
  .map(String)
  .join('\n');

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
async function* keysetPages(db: Db, pageSize: number, range: IdRange): AsyncGenerator<ScanPage> {
  const columns = columnsOf(db);
  const read = (after: number) => {
    const sql = `SELECT ${columns} ${FROM} WHERE p.is_deleted = FALSE AND p.id > ? AND p.id <= ? ORDER BY p.id LIMIT ?`;
    const page = readArrays(db, sql, [after, Number.isFinite(range.upTo) ? range.upTo : Number.MAX_SAFE_INTEGER, pageSize]).then((r) => r.rows);
    page.catch(() => {}); // awaited below; only the failure of a page abandoned by an earlier failure is dropped
    return page;
  };
  // The scan reads the database's pages mapped into memory rather than copied in by a system call each (a tenth
  // of its time at a million members); only for the scan, so that an I/O error elsewhere stays an error code.
  await readArrays(db, `PRAGMA mmap_size = ${SCAN_MMAP_BYTES}`, []);
  try {
    let next: Promise<Cell[][]> | null = read(range.after);
    while (next) {
      const cells: Cell[][] = await next;
      next = cells.length === pageSize ? read(Number(cells[pageSize - 1][0])) : null;
      if (cells.length > 0) yield cellsPage(cells);
    }
  } finally {
    await readArrays(db, 'PRAGMA mmap_size = 0', []).catch(() => {});
  }
}

const SCAN_MMAP_BYTES = 2 ** 31;

interface PgConn {
  query(text: string): Promise<unknown>;
  query<T extends NodeJS.ReadableStream>(stream: T): T;
  __knex__disposed?: unknown;
}

/**
 * PostgreSQL: the scan's range as one COPY of the packed columns, in one read-only snapshot, on one connection:
 * the rows stream in while they are indexed, a page per chunk received. A cursor read a page at a time (2,000
 * rows) cost node-postgres a message and a result row per row and a round trip per page: half a million rows
 * took 3.6-4.7 s, against 1.8-2.0 s through COPY, reading included. Changes committed meanwhile reach the engine
 * through the change feed, which is followed from before the scan.
 */
async function* copyPages(db: Db, range: IdRange): AsyncGenerator<ScanPage> {
  const conn = (await db.client.acquireConnection()) as PgConn;
  let open = false;
  let streaming = false;
  try {
    await conn.query('BEGIN READ ONLY');
    open = true;
    // Compiling the 28 columns' expressions to machine code costs more than it saves on one pass over the rows
    // (at half a million rows: 1.32-1.38 s with it, 1.24-1.26 s without, EXPLAIN ANALYZE).
    await conn.query('SET LOCAL jit = off');
    // The Moon longitude to its last digit (PostgreSQL 12 on writes the shortest exact form whenever this is above 0).
    await conn.query('SET LOCAL extra_float_digits = 3');
    // In user id order, the order of the plan it gets (a merge join of the three tables on their user id
    // indexes), so that two halves by user id are read like the whole. The bounds are whole numbers of this
    // process's own (see IdRange), written into the statement; the users' too, so their scan starts there.
    const bound = (column: string) =>
      `${column} > ${Math.floor(range.after)}${Number.isFinite(range.upTo) ? ` AND ${column} <= ${Math.floor(range.upTo)}` : ''}`;
    const select = `SELECT ${PLAIN_COLUMNS} ${FROM} WHERE p.is_deleted = FALSE AND ${bound('p.user_id')} AND ${bound('u.id')} ORDER BY p.user_id`;
    streaming = true;
    const stream = conn.query(copyTo(copyStatement(select)));
    // A chunk ends anywhere, even inside a character: each page is the chunk up to its last line feed (a byte no
    // UTF-8 character contains), the rest goes with the next chunk.
    let rest: Buffer | null = null;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const bytes: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk;
      const end = bytes.lastIndexOf(10);
      rest = end + 1 < bytes.length ? bytes.subarray(end + 1) : null;
      if (end !== -1) yield linesPage(bytes.toString('utf8', 0, end + 1));
    }
    streaming = false;
    if (rest) throw new Error('the start-up scan read a row COPY did not end');
    await conn.query('COMMIT');
    open = false;
  } finally {
    // A COPY left part-read keeps the connection busy: it is closed rather than given back.
    if (streaming) conn.__knex__disposed = 'the start-up scan stopped reading';
    else if (open) await conn.query('ROLLBACK').catch(() => {});
    await db.client.releaseConnection(conn);
  }
}

/**
 * Profiles whose key is above `after` and up to `upTo` (Infinity: no end); the key is the one the scan is ordered
 * by: the profile id on SQLite (its table's order), the user id on PostgreSQL (see copyPages).
 */
export interface IdRange {
  after: number;
  upTo: number;
}

/**
 * Every live profile (of the id range, when given), in the order read (`onRow` is called with each; the object
 * is reused for the next one, so it is read at once, never kept).
 */
/** The scan's key (see IdRange): its lowest and highest value, null when there are no profiles. */
export async function scanKeyBounds(db: Db): Promise<{ min: number; max: number } | null> {
  const key = isPostgres(db) ? 'user_id' : 'id';
  // Deleted profiles too: each bound is then one index lookup.
  const { rows } = await readArrays(db, `SELECT (SELECT min(${key}) FROM profiles), (SELECT max(${key}) FROM profiles)`, []);
  const [min, max] = rows[0] ?? [null, null];
  return min === null || max === null ? null : { min: Number(min), max: Number(max) };
}

export async function scanMembers(db: Db, onRow: (row: MemberRow) => void, range: IdRange = { after: 0, upTo: Number.POSITIVE_INFINITY }, pageSize = 2_000): Promise<number> {
  let total = 0;
  const photos = await withPhotos(db, null);
  const declined = await declinedProfiles(db, null);
  const pages = db.client.config.client === 'pg' ? copyPages(db, range) : keysetPages(db, pageSize, range);
  const row = blankRow();
  const reader = new PackedReader();
  const emit = (r: MemberRow) => {
    if (declined.size > 0 && declined.has(r.profileId)) return;
    r.hasPhoto = photos.has(r.profileId);
    onRow(r);
    total++;
  };
  for await (const page of pages) {
    let i = 0;
    while (i < page.size && page.fill(reader, row, i) && row.moonLongitude !== null) {
      emit(row);
      i++;
    }
    if (i === page.size) continue;
    // The rest of a page with a row to read again or a Moon longitude to work out (and store), as objects, in order.
    const rest = await rowsOf(db, reader, page, i);
    await fillMoons(db, rest);
    for (const r of rest) emit(r);
  }
  return total;
}

/** The live profiles of these members (members without one are simply absent). */
export async function loadMembers(db: Db, userIds: number[]): Promise<MemberRow[]> {
  const out: MemberRow[] = [];
  for (let i = 0; i < userIds.length; i += 500) {
    const ids = userIds.slice(i, i + 500);
    const { rows: cells } = await readArrays(db, `SELECT ${columnsOf(db)} ${FROM} WHERE p.is_deleted = FALSE AND p.user_id IN (${ids.map(() => '?').join(', ')})`, ids);
    let rows = await rowsOf(db, new PackedReader(), cellsPage(cells));
    const declined = rows.length ? await declinedProfiles(db, rows.map((r) => r.profileId)) : new Set<number>();
    rows = rows.filter((row) => !declined.has(row.profileId));
    const photos = rows.length ? await withPhotos(db, rows.map((r) => r.profileId)) : new Set<number>();
    for (const row of rows) row.hasPhoto = photos.has(row.profileId);
    await fillMoons(db, rows);
    out.push(...rows);
  }
  return out;
}
