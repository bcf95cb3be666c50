import type { Knex } from 'knex';
import type { Model, QueryBuilder } from 'objection';

/** Escapes LIKE's wildcards (and the escape character itself) so a search matches the text as typed. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Case-insensitive "contains" over lower-cased SQL columns (snake_case names, as stored): matches when any of
 * them contains the text. Takes a knex or an Objection query builder; both build the same WHERE.
 */
export function whereContains<Q extends Knex.QueryBuilder | QueryBuilder<Model, unknown>>(query: Q, columns: string[], text: string): Q {
  const like = `%${escapeLike(text.toLowerCase())}%`;
  // Objection's builder accepts knex's grouped-where callback as is.
  (query as Knex.QueryBuilder).where((w) => {
    for (const column of columns) w.orWhereRaw(`${column} LIKE ? ESCAPE '\\'`, [like]);
  });
  return query;
}
