import type { Knex } from 'knex';

// The change-log triggers of profile_likes and not_interested named the liked profile's owner through a
// subquery on `profiles`. On SQLite a trigger that names another table stops that table from being rebuilt
// (how SQLite drops a column), so a later migration or rollback touching `profiles` failed. The engine only
// needs the member who liked or set aside (their own lists changed), so these triggers record that member alone.
const TABLES = ['profile_likes', 'not_interested'];

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') {
    for (const table of TABLES) {
      await knex.raw(`CREATE OR REPLACE FUNCTION engine_${table}_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF EXISTS (SELECT 1 FROM engine_log_pause) THEN RETURN NULL; END IF;
          IF TG_OP = 'DELETE' THEN PERFORM pg_notify('saathi_engine', 'r:' || OLD.user_id || ':0');
          ELSE PERFORM pg_notify('saathi_engine', 'r:' || NEW.user_id || ':0'); END IF;
          RETURN NULL;
        END $$`);
    }
    return;
  }
  const quiet = 'NOT EXISTS (SELECT 1 FROM engine_log_pause)';
  const log = (row: string) => `INSERT INTO engine_changes (kind, a, b, created_at) VALUES ('r', ${row}.user_id, NULL, CAST(strftime('%s','now') AS INTEGER) * 1000);`;
  for (const table of TABLES) {
    await knex.raw(`DROP TRIGGER IF EXISTS engine_${table}_insert`);
    await knex.raw(`DROP TRIGGER IF EXISTS engine_${table}_delete`);
    await knex.raw(`CREATE TRIGGER engine_${table}_insert AFTER INSERT ON ${table} WHEN ${quiet} BEGIN ${log('NEW')} END`);
    await knex.raw(`CREATE TRIGGER engine_${table}_delete AFTER DELETE ON ${table} WHEN ${quiet} BEGIN ${log('OLD')} END`);
  }
}

// Nothing to undo: migration 30's own rollback drops these triggers by name.
export async function down(): Promise<void> {}
