import type { Knex } from 'knex';

// The candidate's own name on a profile someone else manages (a parent for their son, a sibling, a relative).
// Null on a self-made profile, whose name is the account's.

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('profiles', 'full_name')) return;
  await knex.schema.alterTable('profiles', (t) => {
    t.string('full_name', 100);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profiles', (t) => {
    t.dropColumn('full_name');
  });
}
