import type { Knex } from 'knex';
import { WATCHED } from './20261125_30_match_engine';

// Profile cards are kept in memory in every process (server/services/card-rows.ts) and dropped when the match
// engine's change feed names their member. The feed's update triggers watched only the columns the engine ranks
// by; from here they also watch every column a card shows or the relationship policy reads for it: names, city and
// location, privacy, which photo comes first. And a candidate declining the profile their family made (or
// confirming it) hides it from every list: profile_family tells the feed too.

const CARD_FIELDS = {
  users: ['full_name'],
  profiles: ['full_name', 'parent_name', 'parent_relationship', 'location', 'city'],
  privacy_settings: ['blur_photos', 'allow_messages_from'],
  photos: ['position', 'file_key'],
} as const;
type Table = keyof typeof CARD_FIELDS;
const KEY: Record<Table, string> = { users: 'id', profiles: 'user_id', privacy_settings: 'user_id', photos: 'user_id' };
const TABLES = Object.keys(CARD_FIELDS) as Table[];

const QUIET = 'NOT EXISTS (SELECT 1 FROM engine_log_pause)';
const sqliteLog = (a: string) => `INSERT INTO engine_changes (kind, a, b, created_at) VALUES ('u', ${a}, NULL, CAST(strftime('%s','now') AS INTEGER) * 1000);`;
const FAMILY_OWNER = (row: string) => `(SELECT user_id FROM profiles WHERE id = ${row}.profile_id)`;

async function updateTriggers(knex: Knex, columns: (table: Table) => readonly string[]): Promise<void> {
  const pg = knex.client.config.client === 'pg';
  for (const table of TABLES) {
    const cols = columns(table).join(', ');
    if (pg) {
      await knex.raw(`DROP TRIGGER IF EXISTS engine_${table}_update ON ${table}`);
      await knex.raw(`CREATE TRIGGER engine_${table}_update AFTER UPDATE OF ${cols} ON ${table} FOR EACH ROW EXECUTE FUNCTION engine_${table}_change()`);
    } else {
      const key = KEY[table];
      await knex.raw(`DROP TRIGGER IF EXISTS engine_${table}_update`);
      await knex.raw(`CREATE TRIGGER engine_${table}_update AFTER UPDATE OF ${cols} ON ${table} WHEN ${QUIET} BEGIN ${sqliteLog(`NEW.${key}`)} ${sqliteLog(`OLD.${key}`)} END`);
    }
  }
}

export async function up(knex: Knex): Promise<void> {
  await updateTriggers(knex, (table) => [...WATCHED[table], ...CARD_FIELDS[table]]);
  if (knex.client.config.client === 'pg') {
    // The profile may be gone already (a cascade from its deletion, which the profile's own trigger reported).
    await knex.raw(`CREATE OR REPLACE FUNCTION engine_profile_family_change() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE owner integer;
      BEGIN
        IF EXISTS (SELECT 1 FROM engine_log_pause) THEN RETURN NULL; END IF;
        IF TG_OP = 'DELETE' THEN owner := ${FAMILY_OWNER('OLD')}; ELSE owner := ${FAMILY_OWNER('NEW')}; END IF;
        IF owner IS NOT NULL THEN PERFORM engine_changed('u:' || owner); END IF;
        RETURN NULL;
      END $$`);
    await knex.raw('CREATE TRIGGER engine_profile_family_change AFTER INSERT OR DELETE OR UPDATE OF consent ON profile_family FOR EACH ROW EXECUTE FUNCTION engine_profile_family_change()');
    return;
  }
  const when = (row: string) => `WHEN ${QUIET} AND ${FAMILY_OWNER(row)} IS NOT NULL BEGIN ${sqliteLog(FAMILY_OWNER(row))} END`;
  await knex.raw(`CREATE TRIGGER engine_profile_family_insert AFTER INSERT ON profile_family ${when('NEW')}`);
  await knex.raw(`CREATE TRIGGER engine_profile_family_update AFTER UPDATE OF consent ON profile_family ${when('NEW')}`);
  await knex.raw(`CREATE TRIGGER engine_profile_family_delete AFTER DELETE ON profile_family ${when('OLD')}`);
}

export async function down(knex: Knex): Promise<void> {
  await updateTriggers(knex, (table) => WATCHED[table]);
  if (knex.client.config.client === 'pg') {
    await knex.raw('DROP TRIGGER IF EXISTS engine_profile_family_change ON profile_family');
    await knex.raw('DROP FUNCTION IF EXISTS engine_profile_family_change()');
    return;
  }
  for (const op of ['insert', 'update', 'delete']) await knex.raw(`DROP TRIGGER IF EXISTS engine_profile_family_${op}`);
}
