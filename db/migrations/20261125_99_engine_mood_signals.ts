import type { Knex } from 'knex';

// Whether a member has anything mood compatibility reads (a public tracker mood, an assessment) is kept with their
// relations in the match engine (match-engine/relations.ts), so a search need not ask the database each time: most
// members have neither, and then no mood score is read for anyone. Their moods and assessments now tell the
// engine's change feed, as the relation tables do, naming the member whose signals changed.

const TABLES = {
  user_moods: ['user_id', 'mood_type_id', 'scale', 'is_private', 'created_at'],
  cultural_adaptation_assessments: ['user_id'],
} as const;

export async function up(knex: Knex): Promise<void> {
  for (const [table, columns] of Object.entries(TABLES)) {
    if (knex.client.config.client === 'pg') {
      await knex.raw(`CREATE OR REPLACE FUNCTION engine_${table}_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF EXISTS (SELECT 1 FROM engine_log_pause) THEN RETURN NULL; END IF;
          IF TG_OP <> 'INSERT' THEN PERFORM engine_changed('r:' || OLD.user_id || ':0'); END IF;
          IF TG_OP <> 'DELETE' THEN PERFORM engine_changed('r:' || NEW.user_id || ':0'); END IF;
          RETURN NULL;
        END $$`);
      await knex.raw(`CREATE TRIGGER engine_${table}_change AFTER INSERT OR DELETE OR UPDATE OF ${columns.join(', ')} ON ${table} FOR EACH ROW EXECUTE FUNCTION engine_${table}_change()`);
      continue;
    }
    const quiet = 'NOT EXISTS (SELECT 1 FROM engine_log_pause)';
    const log = (row: string) => `INSERT INTO engine_changes (kind, a, b, created_at) VALUES ('r', ${row}.user_id, NULL, CAST(strftime('%s','now') AS INTEGER) * 1000);`;
    await knex.raw(`CREATE TRIGGER engine_${table}_insert AFTER INSERT ON ${table} WHEN ${quiet} BEGIN ${log('NEW')} END`);
    await knex.raw(`CREATE TRIGGER engine_${table}_update AFTER UPDATE OF ${columns.join(', ')} ON ${table} WHEN ${quiet} BEGIN ${log('OLD')} ${log('NEW')} END`);
    await knex.raw(`CREATE TRIGGER engine_${table}_delete AFTER DELETE ON ${table} WHEN ${quiet} BEGIN ${log('OLD')} END`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of Object.keys(TABLES)) {
    if (knex.client.config.client === 'pg') {
      await knex.raw(`DROP TRIGGER IF EXISTS engine_${table}_change ON ${table}`);
      await knex.raw(`DROP FUNCTION IF EXISTS engine_${table}_change()`);
      continue;
    }
    for (const op of ['insert', 'update', 'delete']) await knex.raw(`DROP TRIGGER IF EXISTS engine_${table}_${op}`);
  }
}
