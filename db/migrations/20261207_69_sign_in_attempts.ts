import type { Knex } from 'knex';

// Sign-in history for reviewers: every attempt on an account (either form), successful or not, with when, the
// browser (its user agent, cut short) and the address. Kept 90 days: the service deletes older rows as it writes.

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasTable('sign_in_attempts')) return;
  await knex.schema.createTable('sign_in_attempts', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('outcome', 16).notNullable();
    t.string('reason', 24);
    t.string('form', 8).notNullable();
    t.string('user_agent', 300);
    t.string('ip', 64);
    t.bigInteger('created_at').notNullable();
    t.index(['user_id', 'created_at'], 'sign_in_attempts_user_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sign_in_attempts');
}
