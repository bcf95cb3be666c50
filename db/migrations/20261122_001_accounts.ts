import type { Knex } from 'knex';

// Conventions for every migration: snake_case names, timestamps as epoch milliseconds (bigint) so SQLite and
// PostgreSQL compare them the same way, calendar dates as 'YYYY-MM-DD' text, booleans as boolean.
// Migrations never use models, never change once landed, and are safe to run on both databases.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.string('full_name', 100).notNullable();
    t.string('username', 40).notNullable();
    t.string('username_lower', 40).notNullable().unique();
    t.string('email', 254).notNullable();
    t.string('email_lower', 254).notNullable().unique();
    t.string('password_hash', 255).notNullable();
    t.string('role', 16).notNullable().defaultTo('member');
    t.string('status', 16).notNullable().defaultTo('active');
    t.string('subscription_tier', 16).notNullable().defaultTo('tryme');
    t.bigInteger('subscription_ends');
    t.integer('registration_number');
    t.integer('message_count').notNullable().defaultTo(0);
    t.boolean('is_verified').notNullable().defaultTo(false);
    t.string('stripe_customer_id', 255);
    t.string('stripe_subscription_id', 255);
    t.string('profile_picture', 255);
    t.string('totp_secret', 64);
    t.boolean('totp_enabled').notNullable().defaultTo(false);
    t.bigInteger('last_active_at');
    t.bigInteger('password_changed_at');
    t.boolean('is_deleted').notNullable().defaultTo(false);
    t.bigInteger('deleted_at');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['created_at'], 'users_created_at_idx');
    t.index(['role', 'status'], 'users_role_status_idx');
  });

  // Named counters incremented inside a transaction (first-500 registrations).
  await knex.schema.createTable('counters', (t) => {
    t.string('name', 64).primary();
    t.bigInteger('value').notNullable().defaultTo(0);
  });

  // koa-session external store; one row per session, rotated at login.
  await knex.schema.createTable('sessions', (t) => {
    t.string('id', 128).primary();
    t.integer('user_id').references('users.id').onDelete('CASCADE');
    t.text('data').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('last_seen_at').notNullable();
    t.string('user_agent', 400);
    t.string('ip', 64);
    t.index(['user_id'], 'sessions_user_idx');
    t.index(['expires_at'], 'sessions_expires_idx');
  });

  await knex.schema.createTable('password_reset_tokens', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('token_hash', 128).notNullable().unique();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at');
    t.bigInteger('created_at').notNullable();
    t.index(['user_id'], 'reset_tokens_user_idx');
  });

  // Fixed-window counters shared by every process on the same database.
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 255).primary();
    t.bigInteger('window_start').notNullable();
    t.integer('count').notNullable();
  });

  await knex.schema.createTable('privacy_settings', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.string('profile_visibility', 16).notNullable().defaultTo('all');
    t.boolean('show_online_status').notNullable().defaultTo(true);
    t.boolean('show_last_seen').notNullable().defaultTo(true);
    t.boolean('show_phone_number').notNullable().defaultTo(false);
    t.boolean('show_email').notNullable().defaultTo(false);
    t.boolean('allow_profile_screenshots').notNullable().defaultTo(false);
    t.boolean('blur_photos').notNullable().defaultTo(false);
    t.string('allow_messages_from', 16).notNullable().defaultTo('all');
    t.bigInteger('updated_at').notNullable();
  });

  await knex.schema.createTable('notification_settings', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.boolean('new_matches').notNullable().defaultTo(true);
    t.boolean('new_messages').notNullable().defaultTo(true);
    t.boolean('profile_views').notNullable().defaultTo(true);
    t.boolean('app_updates').notNullable().defaultTo(false);
    t.boolean('email_notifications').notNullable().defaultTo(true);
    t.boolean('push_notifications').notNullable().defaultTo(true);
    t.bigInteger('updated_at').notNullable();
  });

  await knex.schema.createTable('audit_log', (t) => {
    t.increments('id').primary();
    t.integer('actor_user_id').references('users.id').onDelete('SET NULL');
    t.string('actor_role', 16);
    t.string('action', 64).notNullable();
    t.string('target_type', 64);
    t.integer('target_id');
    t.text('details');
    t.string('ip', 64);
    t.bigInteger('created_at').notNullable();
    t.index(['created_at'], 'audit_created_idx');
    t.index(['actor_user_id'], 'audit_actor_idx');
    t.index(['target_type', 'target_id'], 'audit_target_idx');
  });

  await knex.schema.createTable('email_outbox', (t) => {
    t.increments('id').primary();
    t.string('to_email', 254).notNullable();
    t.string('subject', 255).notNullable();
    t.text('body_text').notNullable();
    t.string('kind', 32).notNullable();
    t.bigInteger('sent_at');
    t.string('error', 500);
    t.bigInteger('handled_at');
    t.integer('handled_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
    t.index(['created_at'], 'outbox_created_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'email_outbox', 'audit_log', 'notification_settings', 'privacy_settings', 'rate_limits',
    'password_reset_tokens', 'sessions', 'counters', 'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
