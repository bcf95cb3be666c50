import type { Knex } from 'knex';

// A helper's copy of a notification about the profile they help with (a match, a like, a message in a conversation
// family may see) says which profile it is for: the bell labels it with the candidate's name, and the candidate's
// plan decides how it is shown. Null: the notification is about the recipient's own account.

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('notifications', 'for_profile_id')) return;
  await knex.schema.alterTable('notifications', (t) => {
    t.integer('for_profile_id').references('profiles.id').onDelete('CASCADE');
  });
}

export async function down(knex: Knex): Promise<void> {
  // SQLite's own DROP COLUMN: knex would rebuild the table.
  if (await knex.schema.hasColumn('notifications', 'for_profile_id')) await knex.raw('ALTER TABLE notifications DROP COLUMN for_profile_id');
}
