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
