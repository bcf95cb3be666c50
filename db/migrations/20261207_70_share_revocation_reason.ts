import type { Knex } from 'knex';

// A share link a reviewer deactivates carries the reason, which its owner is told.

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('profile_shares', 'deactivation_reason')) return;
  await knex.schema.alterTable('profile_shares', (t) => {
    t.string('deactivation_reason', 500);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profile_shares', (t) => {
    t.dropColumn('deactivation_reason');
  });
}
