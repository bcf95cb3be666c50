import type { Knex } from 'knex';

// Web Push: one row per browser (device) a member turned notifications on in, with the keys the payload is
// encrypted to; and the member's choice to show message text in those notifications (off unless they turn it on).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('push_subscriptions', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('endpoint').notNullable();
    // sha256 of the endpoint: one row per browser subscription, whoever holds it last
    t.string('endpoint_hash', 64).notNullable().unique();
    t.string('p256dh', 100).notNullable();
    t.string('auth', 40).notNullable();
    t.string('user_agent', 400);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('last_success_at');
    t.index(['user_id'], 'push_subscriptions_user_idx');
  });
  await knex.schema.alterTable('notification_settings', (t) => {
    t.boolean('push_message_text').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notification_settings', (t) => {
    t.dropColumn('push_message_text');
  });
  await knex.schema.dropTableIfExists('push_subscriptions');
}
