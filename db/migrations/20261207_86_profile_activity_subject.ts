import type { Knex } from 'knex';

// The activity list names whom an act was about (the member liked, written to, shortlisted or suggested), so the
// candidate reads "liked Meera's profile", not only that something happened. Null for edits and permission changes,
// and once that member's account is deleted.

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('profile_activity', 'subject_user_id')) return;
  await knex.schema.alterTable('profile_activity', (t) => {
    t.integer('subject_user_id').references('users.id').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  // A column with a foreign key: SQLite's own DROP COLUMN refuses it, so knex rebuilds the table (it has no triggers).
  if (await knex.schema.hasColumn('profile_activity', 'subject_user_id')) await knex.schema.alterTable('profile_activity', (t) => t.dropColumn('subject_user_id'));
}
