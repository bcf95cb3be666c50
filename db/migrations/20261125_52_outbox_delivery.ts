import type { Knex } from 'knex';

// Durable email delivery: the outbox row keeps what is needed to send it again (the full message, until it is
// delivered or given up), how many attempts were made and when the next may be; an address whose mail server
// refused it permanently is marked on the member so nothing more is sent to it until they say it works again.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('email_outbox', (t) => {
    t.text('payload');
    t.integer('attempts').notNullable().defaultTo(0);
    t.bigInteger('next_attempt_at');
    t.bigInteger('failed_at');
    t.index(['next_attempt_at'], 'outbox_next_attempt_idx');
  });
  await knex.schema.alterTable('users', (t) => {
    t.bigInteger('email_bounced_at');
    t.string('email_bounce_reason', 300);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('email_bounce_reason');
    t.dropColumn('email_bounced_at');
  });
  await knex.schema.alterTable('email_outbox', (t) => {
    t.dropIndex(['next_attempt_at'], 'outbox_next_attempt_idx');
    t.dropColumn('failed_at');
    t.dropColumn('next_attempt_at');
    t.dropColumn('attempts');
    t.dropColumn('payload');
  });
}
