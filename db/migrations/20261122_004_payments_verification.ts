import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // The catalogue; defaults come from db/seeds, prices can be overridden by configuration.
  await knex.schema.createTable('subscription_plans', (t) => {
    t.string('tier', 16).primary();
    t.string('name', 40).notNullable();
    t.string('description', 200).notNullable();
    t.integer('price_cents').notNullable();
    t.string('currency', 3).notNullable().defaultTo('usd');
    // null: unlimited
    t.integer('message_limit');
    t.text('features').notNullable();
    t.integer('sort_order').notNullable();
  });

  // One row per payment intent (Stripe or the demo provider), completed at most once.
  await knex.schema.createTable('payments', (t) => {
    t.increments('id').primary();
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.string('provider', 16).notNullable();
    t.string('intent_id', 255).notNullable().unique();
    t.string('tier', 16).notNullable();
    t.integer('amount_cents').notNullable();
    t.string('currency', 3).notNullable();
    t.string('status', 32).notNullable();
    t.boolean('is_demo').notNullable().defaultTo(false);
    t.string('client_secret_hash', 128);
    t.bigInteger('completed_at');
    t.bigInteger('period_ends');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['user_id', 'created_at'], 'payments_user_idx');
  });

  await knex.schema.createTable('stripe_events', (t) => {
    t.string('id', 255).primary();
    t.string('type', 100).notNullable();
    t.bigInteger('processed_at').notNullable();
  });

  await knex.schema.createTable('verification_requests', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('document_type', 24).notNullable();
    t.integer('selfie_photo_id').references('photos.id').onDelete('SET NULL');
    t.integer('document_photo_id').references('photos.id').onDelete('SET NULL');
    t.string('status', 16).notNullable().defaultTo('pending');
    t.string('rejection_reason', 500);
    t.integer('reviewer_id').references('users.id').onDelete('SET NULL');
    t.bigInteger('decided_at');
    t.bigInteger('created_at').notNullable();
    t.index(['status', 'created_at'], 'verification_queue_idx');
    t.index(['user_id'], 'verification_user_idx');
  });

  await knex.schema.createTable('identity_verifications', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('request_id').references('verification_requests.id').onDelete('SET NULL');
    t.string('method', 32).notNullable();
    t.string('document_type', 24);
    t.integer('reviewer_id').references('users.id').onDelete('SET NULL');
    t.bigInteger('verified_at').notNullable();
    t.index(['user_id'], 'identity_verifications_user_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'identity_verifications', 'verification_requests', 'stripe_events', 'payments', 'subscription_plans',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
