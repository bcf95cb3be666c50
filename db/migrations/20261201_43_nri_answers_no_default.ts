import type { Knex } from 'knex';

// Cultural integration and return-to-India plans had column defaults ('moderate', 'considering'): a profile
// inserted without them read as answers its member never gave. An unanswered question is NULL, like every other
// profile field. This migration only drops the defaults (the schema); 20261201_44 decides which stored values were
// never chosen.
//
// SQLite cannot ALTER a column's default, and rebuilding `profiles` would lose the triggers other migrations put on
// it (the match engine's change feed). SQLite's documentation ("Making Other Kinds Of Table Schema Changes",
// https://www.sqlite.org/lang_altertable.html#otheralter) gives the way for a change that leaves the stored format as
// it is, such as adding, removing or changing a default: rewrite the table's CREATE text in sqlite_schema under
// writable_schema and bump schema_version so every connection reads the new text. better-sqlite3 opens connections
// in defensive mode, which forbids that write; it is lifted for these statements only.

const DEFAULTS = { cultural_integration_level: 'moderate', return_to_india_plans: 'considering' } as const;
type Column = keyof typeof DEFAULTS;

interface SqliteConnection {
  unsafeMode?: (on: boolean) => unknown;
}

/** The CREATE TABLE text with each column's default set to `value` (null: no default). */
export function withDefaults(createSql: string, defaults: Partial<Record<Column, string | null>>): string {
  let sql = createSql;
  for (const [column, value] of Object.entries(defaults)) {
    const pattern = new RegExp(`(\`${column}\` varchar\\(16\\))(?: default '[a-z_]*')?`);
    if (!pattern.test(sql)) throw new Error(`profiles.${column} not found in the table's definition`);
    sql = sql.replace(pattern, (_match, declaration: string) => (value === null ? declaration : `${declaration} default '${value}'`));
  }
  return sql;
}

async function sqliteDefaults(knex: Knex, defaults: Partial<Record<Column, string | null>>): Promise<void> {
  const row = (await knex('sqlite_master').where({ type: 'table', name: 'profiles' }).first('sql')) as { sql: string } | undefined;
  if (!row) throw new Error('no profiles table');
  const next = withDefaults(row.sql, defaults);
  if (next === row.sql) return;
  // In a transaction (a savepoint when the migration runs in one), so the connection is the one the statements use.
  await knex.transaction(async (trx) => {
    const conn = (await trx.client.acquireConnection()) as SqliteConnection;
    conn.unsafeMode?.(true);
    try {
      await trx.raw('PRAGMA writable_schema = ON');
      await trx.raw("UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = 'profiles'", [next]);
      const version = Number(Object.values(((await trx.raw('PRAGMA schema_version')) as Array<Record<string, unknown>>)[0] ?? {})[0]);
      if (!Number.isInteger(version)) throw new Error('could not read the schema version');
      await trx.raw(`PRAGMA schema_version = ${version + 1}`);
      await trx.raw('PRAGMA writable_schema = OFF');
    } finally {
      conn.unsafeMode?.(false);
    }
    // (Result keys are read by position: the app's knex maps column names to camelCase.)
    const check = Object.values(((await trx.raw('PRAGMA quick_check(1)')) as Array<Record<string, unknown>>)[0] ?? {})[0];
    if (check !== 'ok') throw new Error(`the profiles schema change failed SQLite's check: ${String(check)}`);
  });
}

async function setDefaults(knex: Knex, defaults: Partial<Record<Column, string | null>>): Promise<void> {
  if (knex.client.config.client !== 'pg') {
    await sqliteDefaults(knex, defaults);
    return;
  }
  for (const [column, value] of Object.entries(defaults)) {
    if (value === null) await knex.raw(`ALTER TABLE profiles ALTER COLUMN ${column} DROP DEFAULT`);
    else await knex.raw(`ALTER TABLE profiles ALTER COLUMN ${column} SET DEFAULT '${value}'`);
  }
}

export async function up(knex: Knex): Promise<void> {
  await setDefaults(knex, { cultural_integration_level: null, return_to_india_plans: null });
}

export async function down(knex: Knex): Promise<void> {
  await setDefaults(knex, DEFAULTS);
}
