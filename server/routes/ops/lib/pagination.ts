import type { Knex } from 'knex';
import type { Model, QueryBuilder } from 'objection';

/** A list query: an Objection builder, so the rows come back as typed models. */
export type ListQuery = QueryBuilder<Model, Model[]>;
/** What a list query's rows are: its model. */
export type RowsOf<Q extends ListQuery> = Q extends QueryBuilder<infer M, Model[]> ? M[] : never;

/**
 * The filtered query as plain knex, for counting and for reading keys: no model instance per row, and not a model's
 * default `table.*` either, so the count is the same single query whichever builder the area uses.
 */
function plainQuery(filtered: ListQuery): Knex.QueryBuilder {
  return filtered.clone().toKnexQuery().clearSelect();
}

async function countOf(filtered: ListQuery): Promise<number> {
  const counted = await plainQuery(filtered).count({ n: '*' }).first();
  return Number(counted?.n ?? 0);
}

export interface PageInput {
  page: number;
  pageSize: number;
}

/**
 * A page past the end (an old link, a list that shrank, a hand-typed address) is the last page, so the reviewer
 * sees rows rather than an empty table; the answer's `page` says which page it is.
 */
export function clampPage(input: PageInput, total: number): number {
  return Math.min(input.page, Math.max(1, Math.ceil(total / input.pageSize)));
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
export async function paginate<Q extends ListQuery, T>(
  filtered: Q,
  input: PageInput,
  shape: (query: Q) => Q,
  present: (rows: RowsOf<Q>) => T[] | Promise<T[]>,
): Promise<Page<T>> {
  const total = await countOf(filtered);
  const page = clampPage(input, total);
  const rows = (await shape(filtered.clone() as Q)
    .offset((page - 1) * input.pageSize)
    .limit(input.pageSize)) as RowsOf<Q>;
  return { items: await present(rows), total, page, pageSize: input.pageSize };
}

/** Compares names as people read them: case and accents do not separate "asha", "Asha" and "Āsha"; "Item 2" < "Item 10". */
export const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * One page of a list ordered by a text column the way people read it (see `nameCollator`), which SQL collations
 * do not do alike on SQLite and PostgreSQL. Only the ids and the text are read for the whole filtered list; the
 * page's rows are then loaded by id, in order. Ties fall back to the newest id first.
 */
export async function paginateCollated<Q extends ListQuery, T>(
  filtered: Q,
  input: PageInput & { dir: 'asc' | 'desc' },
  order: { id: string; text: string },
  rowsOf: (query: Q) => Q,
  present: (rows: RowsOf<Q>) => T[] | Promise<T[]>,
): Promise<Page<T>> {
  const keys: Array<{ id: number; text: string | null }> = await plainQuery(filtered).select({ id: order.id, text: order.text });
  const sign = input.dir === 'asc' ? 1 : -1;
  keys.sort((a, b) => sign * nameCollator.compare(a.text ?? '', b.text ?? '') || b.id - a.id);
  const page = clampPage(input, keys.length);
  const pageIds = keys.slice((page - 1) * input.pageSize, page * input.pageSize).map((k) => k.id);
  const rows = (pageIds.length ? await rowsOf(filtered.clone().whereIn(order.id, pageIds) as Q) : []) as RowsOf<Q>;
  const position = new Map(pageIds.map((id, i) => [id, i]));
  // Every listed model has a numeric `id` (the column `order.id` names).
  const idOf = (row: Model) => (row as Model & { id: number }).id;
  rows.sort((a, b) => (position.get(idOf(a)) ?? 0) - (position.get(idOf(b)) ?? 0));
  return { items: await present(rows), total: keys.length, page, pageSize: input.pageSize };
}
