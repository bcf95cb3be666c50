import type { Knex } from 'knex';

// Durable Web Push delivery: one row per push to one browser, kept until the push service accepted it or it was
// given up, with its attempts and when the next may be. A browser removed (by its member, or reported gone by the
// push service) takes its undelivered pushes with it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('push_outbox', (t) => {
    t.increments('id').primary();
    t.integer('subscription_id').notNullable().references('push_subscriptions.id').onDelete('CASCADE');
    // what the service worker shows (title, body, url, tag), until delivered or given up
    t.text('payload');
    t.string('urgency', 10).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.bigInteger('next_attempt_at');
    // a notification this late is noise: not sent after this instant
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('sent_at');
    t.bigInteger('failed_at');
    t.string('error', 500);
    t.index(['next_attempt_at'], 'push_outbox_next_attempt_idx');
    t.index(['subscription_id'], 'push_outbox_subscription_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('push_outbox');
}
