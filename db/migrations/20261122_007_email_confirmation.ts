import type { Knex } from 'knex';

// Email confirmation outside demo mode: a new account signs in only after opening the link sent to its
// address, so the registration form answers the same whether or not an address already has an account.
// Accounts that exist when this runs were created before confirmation existed and count as confirmed.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.bigInteger('email_confirmed_at');
  });
  await knex('users').update({ email_confirmed_at: knex.ref('created_at') });
  await knex.schema.createTable('email_confirmation_tokens', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at');
    t.bigInteger('created_at').notNullable();
    t.index(['user_id'], 'email_confirmation_tokens_user_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('email_confirmation_tokens');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('email_confirmed_at');
  });
}
