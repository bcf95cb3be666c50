import { type Cell, type Db, isPostgres, readArrays } from '../../db';
import { LINE_FROM, LINE_LIVE, PLAIN_COLUMNS, lineSql } from './packed-row';

/**
 * Lines read from the database in pages (packed-row.ts): on SQLite a page's lines in one blob, by keyset pages of
 * profile ids (the start-up scan) or by the rows a reload names; a page whose lines cannot be told apart comes as
 * cells. The scan's key and its range are defined here; PostgreSQL's start-up COPY is copy-pages.ts'.
 */

/**
 * A page of rows as read: lines in one buffer, COPY's text lines (`escaped`), concat_ws's, or the values of COPY's
 * binary tuples; or, when the lines could not be told apart (a value holding a line feed), the page's rows read
 * column by column.
 */
export interface ScanPage {
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
export function linesPage(buf: Buffer, escaped: boolean): ScanPage {
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
 * SQLite and a reload on PostgreSQL: the lines of the rows `where` selects (ordered by profile id, at most
 * `limit`), built by the database from LINE_FROM's tables.
 */
export function linesOf(db: Db, where: string, bindings: unknown[], limit: number | null): Promise<LinesRead> {
  const rows = `${LINE_FROM} WHERE ${where} ORDER BY p.id${limit === null ? '' : ` LIMIT ${Math.floor(limit)}`}`;
  return pageOf(db, `SELECT p.id AS id, ${lineSql(isPostgres(db) ? 'pg' : 'sqlite')} AS line ${rows}`, bindings, () => [`SELECT ${PLAIN_COLUMNS} ${rows}`, bindings]);
}

/** SQLite: the stored lines (member-lines.ts) of live profiles after `after` and up to `upTo`, at most `limit`. */
export function storedLinesOf(db: Db, after: number, upTo: number, limit: number): Promise<LinesRead> {
  const inner = `SELECT profile_id AS id, line FROM member_lines WHERE profile_id > ? AND profile_id <= ? ORDER BY profile_id LIMIT ${Math.floor(limit)}`;
  return pageOf(db, inner, [after, upTo], (maxId) => [`SELECT ${PLAIN_COLUMNS} ${LINE_FROM} WHERE ${LINE_LIVE} AND p.id > ? AND p.id <= ? ORDER BY p.id`, [after, maxId]]);
}

export interface LinesRead {
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
 * SQLite: keyset pages by id, each page's lines in one blob, the next page asked for before this one is indexed.
 * Pages are small so each one's values die young (a page of 20,000 rows outlived the young generation and was
 * copied by the collector).
 */
export async function* keysetPages(db: Db, pageSize: number, range: IdRange, stored: boolean): AsyncGenerator<ScanPage> {
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
