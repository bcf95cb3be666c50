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
  // A column with a foreign key: SQLite's own DROP COLUMN refuses it, so knex rebuilds the table (it has no triggers).
  if (await knex.schema.hasColumn('notifications', 'for_profile_id')) await knex.schema.alterTable('notifications', (t) => t.dropColumn('for_profile_id'));
}
