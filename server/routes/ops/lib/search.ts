import type { Knex } from 'knex';

/** Escapes LIKE's wildcards (and the escape character itself) so a search matches the text as typed. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Case-insensitive "contains" over lower-cased SQL columns (snake_case names, as stored): matches when any of
 * them contains the text.
 */
export function whereContains(query: Knex.QueryBuilder, columns: string[], text: string): Knex.QueryBuilder {
  const like = `%${escapeLike(text.toLowerCase())}%`;
  return query.where((w) => {
    for (const column of columns) w.orWhereRaw(`${column} LIKE ? ESCAPE '\\'`, [like]);
  });
}
