import type { Knex } from 'knex';

// Moods are private unless the member turns sharing on: `privacy_settings.share_moods`, off for everyone, so the
// moods stored before stay unshared until their member chooses otherwise. A mood is shared (read by mood matching
// and conversation starters) only while its member shares moods and the mood itself is not marked private.
//
// Whether a member has shared moods is kept by the match engine with their relations, and their mood signals
// between searches (migration 20261125_99): turning sharing on or off tells the change feed, naming the member, as a
// new mood does.

const QUIET = 'NOT EXISTS (SELECT 1 FROM engine_log_pause)';
const sqliteLog = (row: string) => `INSERT INTO engine_changes (kind, a, b, created_at) VALUES ('r', ${row}.user_id, NULL, CAST(strftime('%s','now') AS INTEGER) * 1000);`;

export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('privacy_settings', 'share_moods'))) {
    await knex.schema.alterTable('privacy_settings', (t) => {
      t.boolean('share_moods').notNullable().defaultTo(false);
    });
  }
  if (knex.client.config.client === 'pg') {
    await knex.raw(`CREATE OR REPLACE FUNCTION engine_share_moods_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM engine_log_pause) THEN RETURN NULL; END IF;
        PERFORM engine_changed('r:' || NEW.user_id || ':0');
        RETURN NULL;
      END $$`);
    await knex.raw('DROP TRIGGER IF EXISTS engine_share_moods_update ON privacy_settings');
    await knex.raw(
      'CREATE TRIGGER engine_share_moods_update AFTER UPDATE OF share_moods ON privacy_settings FOR EACH ROW WHEN (OLD.share_moods IS DISTINCT FROM NEW.share_moods) EXECUTE FUNCTION engine_share_moods_change()',
    );
    await knex.raw('DROP TRIGGER IF EXISTS engine_share_moods_insert ON privacy_settings');
    await knex.raw('CREATE TRIGGER engine_share_moods_insert AFTER INSERT ON privacy_settings FOR EACH ROW WHEN (NEW.share_moods) EXECUTE FUNCTION engine_share_moods_change()');
    return;
  }
  await knex.raw('DROP TRIGGER IF EXISTS engine_share_moods_update');
  await knex.raw(`CREATE TRIGGER engine_share_moods_update AFTER UPDATE OF share_moods ON privacy_settings WHEN ${QUIET} AND OLD.share_moods IS NOT NEW.share_moods BEGIN ${sqliteLog('NEW')} END`);
  await knex.raw('DROP TRIGGER IF EXISTS engine_share_moods_insert');
  await knex.raw(`CREATE TRIGGER engine_share_moods_insert AFTER INSERT ON privacy_settings WHEN ${QUIET} AND NEW.share_moods BEGIN ${sqliteLog('NEW')} END`);
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') {
    await knex.raw('DROP TRIGGER IF EXISTS engine_share_moods_update ON privacy_settings');
    await knex.raw('DROP TRIGGER IF EXISTS engine_share_moods_insert ON privacy_settings');
    await knex.raw('DROP FUNCTION IF EXISTS engine_share_moods_change()');
  } else {
    await knex.raw('DROP TRIGGER IF EXISTS engine_share_moods_update');
    await knex.raw('DROP TRIGGER IF EXISTS engine_share_moods_insert');
  }
  // SQLite's own DROP COLUMN: knex would rebuild the table, losing the other triggers on it.
  if (await knex.schema.hasColumn('privacy_settings', 'share_moods')) await knex.raw('ALTER TABLE privacy_settings DROP COLUMN share_moods');
}
