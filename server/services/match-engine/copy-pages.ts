import { to as copyTo } from 'pg-copy-streams';
import type { Db } from '../../db';
import { type IdRange, type ScanPage, linesPage } from './line-pages';
import { LINE_FROM, LINE_LIVE, PLAIN_COLUMNS, copyStatement } from './packed-row';

/**
 * PostgreSQL's start-up scan: one COPY of a key range on one connection, in one read-only snapshot, the stream cut
 * into pages of whole lines (text COPY of the columns) or whole tuples (binary COPY of the stored lines).
 */

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
export async function* copyPages(db: Db, range: IdRange, stored: boolean): AsyncGenerator<ScanPage> {
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
