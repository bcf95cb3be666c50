import type { Knex } from 'knex';

// Consent the family cannot produce on its own. A profile made by family may be hidden from other members until the
// person it is for confirms it (`hidden_until_confirmed`, chosen by whoever made it); how the candidate confirmed is
// kept (`confirmed_at`, the invited address in `confirmed_email`, and whether with a new or an existing account in
// `confirmed_with`) for the ops console. The match engine's change feed hears the new switch as it hears `consent`.

const QUIET = 'NOT EXISTS (SELECT 1 FROM engine_log_pause)';
const FAMILY_OWNER = (row: string) => `(SELECT user_id FROM profiles WHERE id = ${row}.profile_id)`;
const sqliteLog = (a: string) => `INSERT INTO engine_changes (kind, a, b, created_at) VALUES ('u', ${a}, NULL, CAST(strftime('%s','now') AS INTEGER) * 1000);`;

async function familyUpdateTrigger(knex: Knex, columns: string): Promise<void> {
  if (knex.client.config.client === 'pg') {
    await knex.raw('DROP TRIGGER IF EXISTS engine_profile_family_change ON profile_family');
    await knex.raw(`CREATE TRIGGER engine_profile_family_change AFTER INSERT OR DELETE OR UPDATE OF ${columns} ON profile_family FOR EACH ROW EXECUTE FUNCTION engine_profile_family_change()`);
    return;
  }
  await knex.raw('DROP TRIGGER IF EXISTS engine_profile_family_update');
  await knex.raw(`CREATE TRIGGER engine_profile_family_update AFTER UPDATE OF ${columns} ON profile_family WHEN ${QUIET} AND ${FAMILY_OWNER('NEW')} IS NOT NULL BEGIN ${sqliteLog(FAMILY_OWNER('NEW'))} END`);
}

export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('profile_family', 'hidden_until_confirmed'))) {
    await knex.schema.alterTable('profile_family', (t) => {
      t.boolean('hidden_until_confirmed').notNullable().defaultTo(false);
      t.bigInteger('confirmed_at').nullable();
      t.string('confirmed_email', 254).nullable();
      t.string('confirmed_with', 16).nullable();
    });
  }
  await familyUpdateTrigger(knex, 'consent, hidden_until_confirmed');
}

export async function down(knex: Knex): Promise<void> {
  await familyUpdateTrigger(knex, 'consent');
  // SQLite's own DROP COLUMN (as PostgreSQL's): knex would rebuild the table on SQLite, losing the triggers on it.
  for (const column of ['hidden_until_confirmed', 'confirmed_at', 'confirmed_email', 'confirmed_with']) {
    if (await knex.schema.hasColumn('profile_family', column)) await knex.raw(`ALTER TABLE profile_family DROP COLUMN ${column}`);
  }
}
