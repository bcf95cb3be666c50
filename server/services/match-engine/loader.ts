import type { Knex } from 'knex';
import { to as copyTo } from 'pg-copy-streams';
import { type Cell, type Db, isPostgres, readArrays } from '../../db';
import { moonLongitude } from '../kundali/chart';
import type { Dictionaries } from './dictionaries';
import { type MemberValues, visibilityCode } from './member-row';
import { FAMILY_HIDDEN_SQL } from '../../policies/relationship';
import { LINE_FROM, LINE_LIVE, LineReader, PLAIN_COLUMNS, blankValues, copyStatement, lineProfileId, lineSql } from './packed-row';

/**
 * Reading members for the index: the start-up scan (every live profile, in pages by id) and the reload of the
 * members a change names. Each row comes as one line of bytes built by the database (packed-row.ts): on SQLite
 * a page's lines in one blob, on PostgreSQL the start-up scan's COPY stream; the sqlite3 driver, used only by a
 * test run, goes through knex.
 */

/**
 * A page of rows as read: lines in one buffer, COPY's text lines (`escaped`), concat_ws's, or the values of COPY's
 * binary tuples; or, when the lines could not be told apart (a value holding a line feed), the page's rows read
 * column by column.
 */
interface ScanPage {
  buf: Buffer;
  /** where each line begins */
  starts: number[];
  /** where each line ends (its line feed, or the buffer's end) */
  ends: number[];
  escaped: boolean;
  /** the page's rows as PLAIN_COLUMNS' cells, instead of lines */
  cells: Cell[][] | null;
}

/** The lines of `buf`: ended by line feeds, the last by a line feed or the buffer's end. */
function linesPage(buf: Buffer, escaped: boolean): ScanPage {
  const starts: number[] = [];
  const ends: number[] = [];
  let from = 0;
  for (let at = buf.indexOf(10); at !== -1; at = buf.indexOf(10, at + 1)) {
    starts.push(from);
    ends.push(at);
    from = at + 1;
  }
  if (from < buf.length) {
    starts.push(from);
    ends.push(buf.length);
  }
  return { buf, starts, ends, escaped, cells: null };
}

/**
 * COPY's binary format (one column, never NULL): the whole tuples of `buf` from `at` as a page (their values are
 * the lines), and where the first tuple not whole begins; -1 when the trailer was reached.
 */
function tuplesPage(buf: Buffer, at: number): { page: ScanPage; next: number } {
  const starts: number[] = [];
  const ends: number[] = [];
  let next = at;
  while (next + 2 <= buf.length) {
    const fields = buf.readInt16BE(next);
    if (fields === -1) {
      next = -1;
      break;
    }
    if (fields !== 1 || next + 6 > buf.length) break;
    const length = buf.readInt32BE(next + 2);
    if (next + 6 + length > buf.length) break;
    starts.push(next + 6);
    ends.push(next + 6 + length);
    next += 6 + length;
  }
  return { page: { buf, starts, ends, escaped: false, cells: null }, next };
}

/** COPY's binary signature, then its flags and the length of its header extension (32-bit each). */
const BINARY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * SQLite and a reload on PostgreSQL: the lines of the rows `where` selects (ordered by profile id, at most
 * `limit`), built by the database from LINE_FROM's tables.
 */
function linesOf(db: Db, where: string, bindings: unknown[], limit: number | null): Promise<LinesRead> {
  const rows = `${LINE_FROM} WHERE ${where} ORDER BY p.id${limit === null ? '' : ` LIMIT ${Math.floor(limit)}`}`;
  return pageOf(db, `SELECT p.id AS id, ${lineSql(isPostgres(db) ? 'pg' : 'sqlite')} AS line ${rows}`, bindings, () => [`SELECT ${PLAIN_COLUMNS} ${rows}`, bindings]);
}

/** SQLite: the stored lines (member-lines.ts) of live profiles after `after` and up to `upTo`, at most `limit`. */
function storedLinesOf(db: Db, after: number, upTo: number, limit: number): Promise<LinesRead> {
  const inner = `SELECT profile_id AS id, line FROM member_lines WHERE profile_id > ? AND profile_id <= ? ORDER BY profile_id LIMIT ${Math.floor(limit)}`;
  return pageOf(db, inner, [after, upTo], (maxId) => [`SELECT ${PLAIN_COLUMNS} ${LINE_FROM} WHERE ${LINE_LIVE} AND p.id > ? AND p.id <= ? ORDER BY p.id`, [after, maxId]]);
}

interface LinesRead {
  page: ScanPage;
  count: number;
  maxId: number;
}

/**
 * The lines `inner` selects (its columns: id, line) in one text built by the database, with their count and
 * highest profile id; when the count of lines is not the count of rows (a value holding a line feed), the same
 * rows column by column (`plain`, given the highest id).
 */
async function pageOf(db: Db, inner: string, bindings: unknown[], plain: (maxId: number) => [string, unknown[]]): Promise<LinesRead> {
  // SQLite hands a blob over as bytes (a text would be decoded into a string); node-postgres gives a text.
  const all = isPostgres(db) ? 'string_agg(line, chr(10))' : 'cast(group_concat(line, char(10)) as blob)';
  const [count, maxId, text] = (await readArrays(db, `SELECT count(*), max(id), ${all} FROM (${inner}) AS page`, bindings)).rows[0] ?? [0, null, null];
  const n = Number(count);
  const buf = text === null || text === undefined ? Buffer.alloc(0) : Buffer.isBuffer(text) ? text : Buffer.from(String(text), 'utf8');
  let page = linesPage(buf, false);
  if (page.ends.length !== n) {
    const [sql, values] = plain(Number(maxId ?? 0));
    page = { buf, starts: [], ends: [], escaped: false, cells: (await readArrays(db, sql, values)).rows };
  }
  return { page, count: n, maxId: Number(maxId ?? 0) };
}

/**
 * The values of a page's rows from the i-th on, in order, as objects of their own. A line that cannot be read is
 * read again column by column; a row gone meanwhile is left out (its change reaches the index through the feed).
 */
async function valuesOf(db: Db, reader: LineReader, page: ScanPage, first = 0): Promise<MemberValues[]> {
  if (page.cells) return page.cells.slice(first).map((r) => reader.fillCells(blankValues(), r));
  const out: Array<MemberValues | null> = [];
  const again: number[] = [];
  for (let i = first; i < page.ends.length; i++) {
    const from = page.starts[i];
    const v = blankValues();
    if (reader.fill(v, page.buf, from, page.ends[i], page.escaped)) out.push(v);
    else {
      out.push(null);
      again.push(lineProfileId(page.buf, from));
    }
  }
  if (again.length === 0) return out as MemberValues[];
  const ids = again.filter((id) => Number.isInteger(id));
  const { rows: plain } = ids.length ? await readArrays(db, `SELECT ${PLAIN_COLUMNS} ${LINE_FROM} WHERE p.id IN (${ids.map(() => '?').join(', ')})`, ids) : { rows: [] };
  const byId = new Map(plain.map((r) => [Number(r[0]), reader.fillCells(blankValues(), r)]));
  let k = 0;
  return out.map((v) => v ?? byId.get(again[k++]) ?? null).filter((v): v is MemberValues => v !== null);
}

/** What the loader reads and how it reads it: a snapshot of the index made from other columns is not used. */
export const LOADER_SHAPE = [lineSql('sqlite'), lineSql('pg'), copyStatement(PLAIN_COLUMNS), LINE_FROM, LineReader, linesOf, valuesOf, familyGates, keysetPages, copyPages]
  .map(String)
  .join('\n');

/** The Moon longitude of profiles whose stored value is missing, worked out from their birth fields and stored. */
async function fillMoons(db: Db, rows: MemberValues[]): Promise<void> {
  const missing = rows.filter((r) => r.moonLongitude === null);
  if (missing.length === 0) return;
  const byId = new Map(missing.map((r) => [r.profileId, r]));
  const birth = await db('profiles')
    .whereIn('id', [...byId.keys()])
    .select('id', 'userId', 'gender', 'dateOfBirth', 'birthHour', 'birthMinute', 'birthAmPm', 'birthPlace', 'zodiacSign', 'rashi', 'nakshatra', 'manglik')
    // In owner order: each write locks its owner's row to its commit (member-lines.ts), as other writers do in
    // this order, so that two of them cannot each wait for the other.
    .orderBy('userId');
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
 * Which of these profiles (all, when `ids` is null) the person they were made for declined (live for no one, so not
 * in the index), and which wait behind the consent gate for them to confirm (indexed as hidden from everyone: their
 * own account still searches with them). A handful of rows, read apart rather than probed for every profile of the scan.
 */
async function familyGates(db: Db, ids: number[] | null): Promise<{ declined: Set<number>; awaiting: Set<number> }> {
  const sql = `SELECT profile_id, consent FROM profile_family WHERE ${FAMILY_HIDDEN_SQL('profile_family')}${ids ? ` AND profile_id IN (${ids.map(() => '?').join(', ')})` : ''}`;
  const declined = new Set<number>();
  const awaiting = new Set<number>();
  for (const r of (await readArrays(db, sql, ids ?? [])).rows) (r[1] === 'declined' ? declined : awaiting).add(Number(r[0]));
  return { declined, awaiting };
}

/** The visibility code the index gives a profile behind the consent gate: 'none', as the policy treats it. */
const HIDDEN_FROM_ALL = visibilityCode('none');

/**
 * SQLite: keyset pages by id, each page's lines in one blob, the next page asked for before this one is indexed.
 * Pages are small so each one's values die young (a page of 20,000 rows outlived the young generation and was
 * copied by the collector).
 */
async function* keysetPages(db: Db, pageSize: number, range: IdRange, stored: boolean): AsyncGenerator<ScanPage> {
  const upTo = Number.isFinite(range.upTo) ? range.upTo : Number.MAX_SAFE_INTEGER;
  const read = (after: number) => {
    const page = stored ? storedLinesOf(db, after, upTo, pageSize) : linesOf(db, `${LINE_LIVE} AND p.id > ? AND p.id <= ?`, [after, upTo], pageSize);
    page.catch(() => {}); // awaited below; only the failure of a page abandoned by an earlier failure is dropped
    return page;
  };
  // The scan reads the database's pages mapped into memory rather than copied in by a system call each (a tenth
  // of its time at a million members); only for the scan, so that an I/O error elsewhere stays an error code.
  await readArrays(db, `PRAGMA mmap_size = ${SCAN_MMAP_BYTES}`, []);
  try {
    let next: Promise<LinesRead> | null = read(range.after);
    while (next) {
      const { page, count, maxId }: LinesRead = await next;
      next = count === pageSize ? read(maxId) : null;
      if (count > 0) yield page;
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
 * rows) costs node-postgres a message and a result row per row and a round trip per page: half a million rows
 * take 3.6-4.7 s that way, against 1.8-2.0 s through COPY, reading included. Changes committed meanwhile reach the engine
 * through the change feed, which is followed from before the scan.
 */
async function* copyPages(db: Db, range: IdRange, stored: boolean): AsyncGenerator<ScanPage> {
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
    // The stored lines (member-lines.ts) are one column, copied in the binary format: each as it is stored,
    // after its length (the text format would look at every byte for its escapes, and write some).
    const statement = stored
      ? `COPY (SELECT line FROM member_lines WHERE ${bound('profile_id')} ORDER BY profile_id) TO STDOUT (FORMAT binary)`
      : copyStatement(`SELECT ${PLAIN_COLUMNS} ${LINE_FROM} WHERE ${LINE_LIVE} AND ${bound('p.user_id')} AND ${bound('u.id')} ORDER BY p.user_id`);
    streaming = true;
    const stream = conn.query(copyTo(statement));
    // A chunk ends anywhere, even inside a character: each page is the chunk's whole lines (text: up to its last
    // line feed, a byte no UTF-8 character contains; binary: its whole tuples), the rest goes with the next chunk.
    let rest: Buffer | null = null;
    let header = stored;
    let ended = false;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let bytes: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk;
      if (!stored) {
        const end = bytes.lastIndexOf(10);
        rest = end + 1 < bytes.length ? bytes.subarray(end + 1) : null;
        if (end !== -1) yield linesPage(bytes.subarray(0, end + 1), true);
        continue;
      }
      if (header) {
        const size = BINARY_SIGNATURE.length + 8;
        if (bytes.length < size || bytes.length < size + bytes.readInt32BE(size - 4)) {
          rest = bytes;
          continue;
        }
        if (!bytes.subarray(0, BINARY_SIGNATURE.length).equals(BINARY_SIGNATURE)) throw new Error('the start-up scan read COPY output that is not binary');
        bytes = bytes.subarray(size + bytes.readInt32BE(size - 4));
        header = false;
      }
      const { page, next } = tuplesPage(bytes, 0);
      ended = next === -1;
      rest = ended || next >= bytes.length ? null : bytes.subarray(next);
      if (page.ends.length > 0) yield page;
    }
    streaming = false;
    if (rest || (stored && !ended)) throw new Error('the start-up scan read a row COPY did not end');
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
 * by: the profile id when it reads the stored lines, or on SQLite (its table's order), otherwise the user id on
 * PostgreSQL (see copyPages).
 */
export interface IdRange {
  after: number;
  upTo: number;
}

/** The scan's key (see IdRange): its lowest and highest value, null when there are no profiles. */
export async function scanKeyBounds(db: Db, stored: boolean): Promise<{ min: number; max: number } | null> {
  // Deleted profiles too: each bound is then one index lookup.
  const [table, key] = stored ? ['member_lines', 'profile_id'] : ['profiles', isPostgres(db) ? 'user_id' : 'id'];
  const { rows } = await readArrays(db, `SELECT (SELECT min(${key}) FROM ${table}), (SELECT max(${key}) FROM ${table})`, []);
  const [min, max] = rows[0] ?? [null, null];
  return min === null || max === null ? null : { min: Number(min), max: Number(max) };
}

/**
 * Every live profile (of the id range, when given), in the order read, its values read for the index whose
 * dictionaries are `dicts` (`onValues` is called with each; the object is reused for the next one, and its text
 * bytes are the page's, so it is read at once, never kept). `stored`: the lines are read as the database keeps
 * them (member-lines.ts; the caller has checked they are this build's), otherwise built from their tables.
 */
export async function scanMembers(
  db: Db,
  dicts: Dictionaries,
  onValues: (values: MemberValues) => void,
  options: { range?: IdRange; stored?: boolean; pageSize?: number } = {},
): Promise<number> {
  const { range = { after: 0, upTo: Number.POSITIVE_INFINITY }, stored = false, pageSize = 2_000 } = options;
  let total = 0;
  const photos = await withPhotos(db, null);
  const { declined, awaiting } = await familyGates(db, null);
  const pages = db.client.config.client === 'pg' ? copyPages(db, range, stored) : keysetPages(db, pageSize, range, stored);
  const v = blankValues();
  const reader = new LineReader(dicts);
  const emit = (r: MemberValues) => {
    if (declined.size > 0 && declined.has(r.profileId)) return;
    if (awaiting.size > 0 && awaiting.has(r.profileId)) r.visibility = HIDDEN_FROM_ALL;
    r.hasPhoto = photos.has(r.profileId);
    onValues(r);
    total++;
  };
  for await (const page of pages) {
    const { buf, starts, ends, escaped } = page;
    let i = 0;
    if (!page.cells) {
      for (; i < ends.length && reader.fill(v, buf, starts[i], ends[i], escaped) && v.moonLongitude !== null; i++) emit(v);
      if (i === ends.length) continue;
    }
    // The rest of a page with a row to read again or a Moon longitude to work out (and store), as objects, in order.
    const rest = await valuesOf(db, reader, page, i);
    await fillMoons(db, rest);
    for (const r of rest) emit(r);
  }
  return total;
}

/**
 * The live profiles of these members (members without one are simply absent), their values read for the index
 * whose dictionaries are `dicts`.
 */
export async function loadMembers(db: Db, userIds: number[], dicts: Dictionaries): Promise<MemberValues[]> {
  const out: MemberValues[] = [];
  const reader = LineReader.of(dicts);
  for (let i = 0; i < userIds.length; i += 500) {
    const ids = userIds.slice(i, i + 500);
    const { page } = await linesOf(db, `p.is_deleted = FALSE AND p.user_id IN (${ids.map(() => '?').join(', ')})`, ids, null);
    let rows = await valuesOf(db, reader, page);
    const { declined, awaiting } = rows.length ? await familyGates(db, rows.map((r) => r.profileId)) : { declined: new Set<number>(), awaiting: new Set<number>() };
    rows = rows.filter((row) => !declined.has(row.profileId));
    for (const row of rows) if (awaiting.has(row.profileId)) row.visibility = HIDDEN_FROM_ALL;
    const photos = rows.length ? await withPhotos(db, rows.map((r) => r.profileId)) : new Set<number>();
    for (const row of rows) row.hasPhoto = photos.has(row.profileId);
    await fillMoons(db, rows);
    out.push(...rows);
  }
  return out;
}
