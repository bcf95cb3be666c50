import type { Knex } from 'knex';

// A family member's own lists leave out the profile they help with (the match engine marks it like their own, see
// match-engine/relations.ts). Joining or leaving a family changes that, so family_members tells the engine's change
// feed, as the other relation tables do: the member whose lists changed, in every process.
const STATUS_CHANGED = 'NEW.status IS NOT OLD.status';

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') {
    await knex.raw(`CREATE OR REPLACE FUNCTION engine_family_members_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM engine_log_pause) THEN RETURN NULL; END IF;
        IF TG_OP = 'DELETE' THEN PERFORM pg_notify('saathi_engine', 'r:' || OLD.user_id || ':0');
        ELSE PERFORM pg_notify('saathi_engine', 'r:' || NEW.user_id || ':0'); END IF;
        RETURN NULL;
      END $$`);
    await knex.raw('CREATE TRIGGER engine_family_members_change AFTER INSERT OR DELETE OR UPDATE OF status ON family_members FOR EACH ROW EXECUTE FUNCTION engine_family_members_change()');
    return;
  }
  const quiet = 'NOT EXISTS (SELECT 1 FROM engine_log_pause)';
  const log = (row: string) => `INSERT INTO engine_changes (kind, a, b, created_at) VALUES ('r', ${row}.user_id, NULL, CAST(strftime('%s','now') AS INTEGER) * 1000);`;
  await knex.raw(`CREATE TRIGGER engine_family_members_insert AFTER INSERT ON family_members WHEN ${quiet} BEGIN ${log('NEW')} END`);
  await knex.raw(`CREATE TRIGGER engine_family_members_update AFTER UPDATE OF status ON family_members WHEN ${quiet} AND ${STATUS_CHANGED} BEGIN ${log('NEW')} END`);
  await knex.raw(`CREATE TRIGGER engine_family_members_delete AFTER DELETE ON family_members WHEN ${quiet} BEGIN ${log('OLD')} END`);
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') {
    await knex.raw('DROP TRIGGER IF EXISTS engine_family_members_change ON family_members');
    await knex.raw('DROP FUNCTION IF EXISTS engine_family_members_change()');
    return;
  }
  for (const op of ['insert', 'update', 'delete']) await knex.raw(`DROP TRIGGER IF EXISTS engine_family_members_${op}`);
}
