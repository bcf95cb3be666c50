import type { Knex } from 'knex';

// Settings → Notifications → "Saved search alerts": the daily email of new members for a member's saved searches.
export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('notification_settings', 'saved_search_emails')) return;
  await knex.schema.alterTable('notification_settings', (t) => {
    t.boolean('saved_search_emails').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  // The database's own DROP COLUMN: a knex rebuild of the table would break the digest triggers that read it.
  if (await knex.schema.hasColumn('notification_settings', 'saved_search_emails')) await knex.raw('ALTER TABLE notification_settings DROP COLUMN saved_search_emails');
}
