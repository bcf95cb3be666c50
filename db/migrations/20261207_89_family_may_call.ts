import type { Knex } from 'knex';

// What the candidate lets family do gains "join my video calls" (a family introduction), off unless the candidate
// turns it on.

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('profile_family', 'may_call')) return;
  await knex.schema.alterTable('profile_family', (t) => {
    t.boolean('may_call').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  // SQLite's own DROP COLUMN: knex would rebuild the table, losing the triggers on it.
  if (await knex.schema.hasColumn('profile_family', 'may_call')) await knex.raw('ALTER TABLE profile_family DROP COLUMN may_call');
}
