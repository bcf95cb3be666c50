import { type Db, readArrays } from '../../db';
import { copyPages } from './copy-pages';
import type { Dictionaries } from './dictionaries';
import type { MemberIndex } from './member-index';
import { assignResolved, blankValues, resolvers } from './line-columns';
import { type IdRange, type ScanPage, keysetPages, linesOf } from './line-pages';
import { LineReader } from './line-reader';
import { HIDDEN_FROM_ALL, familyGates, fillMoons, withPhotos } from './member-facts';
import type { MemberValues } from './member-row';
import { LINE_FROM, PLAIN_COLUMNS, copyStatement, lineProfileId, lineSql } from './packed-row';

/**
 * Reading members for the index: the start-up scan (every live profile, in pages by id) and the reload of the
 * members a change names. Each row comes as one line of bytes built by the database (packed-row.ts): on SQLite
 * a page's lines in one blob, on PostgreSQL the start-up scan's COPY stream (line-pages.ts, copy-pages.ts); the
 * sqlite3 driver, used only by a test run, goes through knex. This file turns pages into members' values, with
 * the facts read beside the lines (member-facts.ts).
 */

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
export const LOADER_SHAPE = [lineSql('sqlite'), lineSql('pg'), copyStatement(PLAIN_COLUMNS), LINE_FROM, LineReader, resolvers, assignResolved, linesOf, valuesOf, familyGates, keysetPages, copyPages]
  .map(String)
  .join('\n');

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

/**
 * The members a change names read again into the index: put (in place, or moved), or removed when they no longer
 * have a live profile. Read for this index's dictionaries, so the index must not be replaced meanwhile.
 */
export async function reloadMembers(db: Db, index: MemberIndex, userIds: number[]): Promise<void> {
  const rows = await loadMembers(db, userIds, index.dicts);
  const now = Date.now();
  const present = new Set<number>();
  for (const row of rows) {
    index.put(row, now);
    present.add(row.userId);
  }
  for (const id of userIds) if (!present.has(id)) index.remove(id);
}
