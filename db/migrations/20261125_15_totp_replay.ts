import type { Knex } from 'knex';

/** The last TOTP time step accepted per account, so a code cannot be used twice within its window. */
export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('users', 'totp_last_step')) return;
  await knex.schema.alterTable('users', (t) => {
    t.bigInteger('totp_last_step').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('users', 'totp_last_step'))) return;
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('totp_last_step');
  });
}
