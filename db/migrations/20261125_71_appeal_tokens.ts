import type { Knex } from 'knex';

// A suspended member cannot sign in, so the suspension email carries a single-use link to an appeal form.
// Only a hash of the link's token is stored, as for password resets.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('appeal_tokens', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at');
    t.integer('report_id').references('reports.id').onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
    t.index(['user_id'], 'appeal_tokens_user_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('appeal_tokens');
}
