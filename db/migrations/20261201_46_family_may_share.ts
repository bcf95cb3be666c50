import type { Knex } from 'knex';

// What the candidate lets family do gains "share the profile outside Saathi" (share links; the biodata too), on
// unless the candidate turns it off, like editing and searching.

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('profile_family', 'may_share')) return;
  await knex.schema.alterTable('profile_family', (t) => {
    t.boolean('may_share').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  // SQLite's own DROP COLUMN: knex would rebuild the table, losing the triggers on it.
  if (await knex.schema.hasColumn('profile_family', 'may_share')) await knex.raw('ALTER TABLE profile_family DROP COLUMN may_share');
}
