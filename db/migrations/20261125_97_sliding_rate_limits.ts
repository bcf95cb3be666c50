import type { Knex } from 'knex';

// The login and reset limits count in a sliding window: the previous window's count, weighted by how much of it
// still lies within the last window's length, is added to the current one. With fixed windows alone, attempts
// straddling a window's edge were counted in two windows, so twice the limit could pass in a few seconds.

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('rate_limits', 'previous_count')) return;
  await knex.schema.alterTable('rate_limits', (t) => {
    t.integer('previous_count').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('rate_limits', 'previous_count'))) return;
  await knex.schema.alterTable('rate_limits', (t) => {
    t.dropColumn('previous_count');
  });
}
