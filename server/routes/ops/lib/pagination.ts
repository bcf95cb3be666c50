import type { Knex } from 'knex';

async function untypedRows(db: Knex) {
  return db('audit_log').select('*');
}
/** Rows as knex returns them (untyped); each area turns them into its presented shape. */
export type Rows = Awaited<ReturnType<typeof untypedRows>>;

export interface PageInput {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page of a filtered list. `filtered` carries only the WHERE clauses (it is counted as is); `shape` adds the
 * joins, order and columns of the rows; `present` turns the page's rows into items in one go, so related records
 * are loaded for the whole page rather than once per row.
 */
export async function paginate<T>(
  filtered: Knex.QueryBuilder,
  input: PageInput,
  shape: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
  present: (rows: Rows) => T[] | Promise<T[]>,
): Promise<Page<T>> {
  const counted = await filtered.clone().count({ n: '*' }).first();
  const rows = await shape(filtered.clone())
    .offset((input.page - 1) * input.pageSize)
    .limit(input.pageSize);
  return { items: await present(rows), total: Number(counted?.n ?? 0), page: input.page, pageSize: input.pageSize };
}

/** Compares names as people read them: case and accents do not separate "asha", "Asha" and "Āsha"; "Item 2" < "Item 10". */
export const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * One page of a list ordered by a text column the way people read it (see `nameCollator`), which SQL collations
 * do not do alike on SQLite and PostgreSQL. Only the ids and the text are read for the whole filtered list; the
 * page's rows are then loaded by id, in order. Ties fall back to the newest id first.
 */
export async function paginateCollated<T>(
  filtered: Knex.QueryBuilder,
  input: PageInput & { dir: 'asc' | 'desc' },
  order: { id: string; text: string },
  rowsOf: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
  present: (rows: Rows) => T[] | Promise<T[]>,
): Promise<Page<T>> {
  const keys: Array<{ id: number; text: string | null }> = await filtered.clone().select({ id: order.id, text: order.text });
  const sign = input.dir === 'asc' ? 1 : -1;
  keys.sort((a, b) => sign * nameCollator.compare(a.text ?? '', b.text ?? '') || b.id - a.id);
  const pageIds = keys.slice((input.page - 1) * input.pageSize, input.page * input.pageSize).map((k) => k.id);
  const rows = pageIds.length ? await rowsOf(filtered.clone().whereIn(order.id, pageIds)) : [];
  const position = new Map(pageIds.map((id, i) => [id, i]));
  rows.sort((a: { id: number }, b: { id: number }) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return { items: await present(rows), total: keys.length, page: input.page, pageSize: input.pageSize };
}
