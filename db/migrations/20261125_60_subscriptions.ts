import type { Knex } from 'knex';

/**
 * Recurring billing: one row per provider subscription (Stripe or the demo provider) and one per invoice it
 * issues. The member's tier columns on users are a projection of these rows (services/billing/state.ts).
 * billing_clock holds the demo provider's simulated-time offset, shared by every process of an instance.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('subscriptions', (t) => {
    t.increments('id').primary();
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.string('provider', 16).notNullable();
    t.string('provider_subscription_id', 255).notNullable().unique();
    t.string('provider_customer_id', 255);
    t.string('tier', 16).notNullable();
    // A downgrade waits for the period end: the tier the next period will have.
    t.string('pending_tier', 16);
    t.string('status', 24).notNullable();
    t.bigInteger('current_period_start').notNullable();
    t.bigInteger('current_period_end').notNullable();
    t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
    t.bigInteger('grace_until');
    t.bigInteger('canceled_at');
    t.string('card_brand', 24);
    t.string('card_last4', 4);
    // Demo provider only: the test card that pays the first invoice and declines every renewal.
    t.boolean('card_fails_on_renewal').notNullable().defaultTo(false);
    // Creation time (ms) of the newest provider event applied: an older event arriving late changes nothing.
    t.bigInteger('last_event_at').notNullable().defaultTo(0);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['user_id', 'created_at'], 'subscriptions_user_idx');
    t.index(['provider', 'status', 'current_period_end'], 'subscriptions_due_idx');
  });

  await knex.schema.createTable('invoices', (t) => {
    t.increments('id').primary();
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.integer('subscription_id').references('subscriptions.id').onDelete('CASCADE');
    t.string('provider', 16).notNullable();
    t.string('provider_invoice_id', 255).notNullable().unique();
    t.string('payment_intent_id', 255);
    t.string('tier', 16).notNullable();
    // subscription_create, subscription_cycle, subscription_update (proration)
    t.string('reason', 32).notNullable();
    t.integer('amount_cents').notNullable();
    t.string('currency', 3).notNullable();
    t.string('status', 16).notNullable();
    t.string('hosted_invoice_url', 1000);
    t.bigInteger('period_start').notNullable();
    t.bigInteger('period_end').notNullable();
    t.bigInteger('paid_at');
    t.integer('attempt_count').notNullable().defaultTo(0);
    t.bigInteger('created_at').notNullable();
    t.index(['subscription_id', 'created_at'], 'invoices_subscription_idx');
    t.index(['status', 'paid_at'], 'invoices_paid_idx');
  });

  await knex.schema.createTable('billing_clock', (t) => {
    t.integer('id').primary();
    t.bigInteger('offset_ms').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['billing_clock', 'invoices', 'subscriptions']) await knex.schema.dropTableIfExists(table);
}
