import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('messages', (t) => {
    t.increments('id').primary();
    t.integer('sender_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('receiver_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('content').notNullable();
    t.boolean('is_read').notNullable().defaultTo(false);
    t.bigInteger('read_at');
    t.bigInteger('created_at').notNullable();
    t.index(['sender_id', 'receiver_id', 'created_at'], 'messages_thread_idx');
    t.index(['receiver_id', 'is_read'], 'messages_unread_idx');
    t.index(['receiver_id', 'created_at'], 'messages_receiver_idx');
  });

  await knex.schema.createTable('notifications', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('type', 24).notNullable();
    t.string('title', 200).notNullable();
    t.text('content');
    t.integer('related_item_id');
    t.integer('source_id');
    t.string('source_type', 32);
    t.integer('actor_user_id').references('users.id').onDelete('SET NULL');
    t.boolean('is_read').notNullable().defaultTo(false);
    t.bigInteger('created_at').notNullable();
    t.index(['user_id', 'is_read'], 'notifications_unread_idx');
    t.index(['user_id', 'created_at'], 'notifications_list_idx');
  });

  await knex.schema.createTable('success_stories', (t) => {
    t.increments('id').primary();
    t.integer('user1_id').references('users.id').onDelete('SET NULL');
    t.integer('user2_id').references('users.id').onDelete('SET NULL');
    t.string('match_date', 10).notNullable();
    t.string('marriage_date', 10);
    t.text('testimonial').notNullable();
    t.string('location', 200);
    t.text('photo_keys');
    t.boolean('is_published').notNullable().defaultTo(false);
    t.integer('sort_order').notNullable().defaultTo(0);
    t.integer('created_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('published_at');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['is_published', 'sort_order'], 'stories_published_idx');
  });

  await knex.schema.createTable('mood_types', (t) => {
    t.increments('id').primary();
    t.string('name', 60).notNullable();
    t.string('icon', 16).notNullable();
    t.string('category', 16).notNullable();
    t.string('description', 300);
    // Valence (-2..2) and energy (1..5) let mood compatibility be computed rather than guessed.
    t.integer('valence').notNullable().defaultTo(0);
    t.integer('energy').notNullable().defaultTo(3);
    t.bigInteger('created_at').notNullable();
    t.unique(['category', 'name'], { indexName: 'mood_types_name_unique' });
  });

  await knex.schema.createTable('user_moods', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('mood_type_id').references('mood_types.id').onDelete('SET NULL');
    t.string('description', 500);
    // Tracker entries are 1-5; prompt entries 10-100 (scale says which).
    t.integer('intensity').notNullable();
    t.string('scale', 8).notNullable().defaultTo('tracker');
    t.string('note', 500);
    t.boolean('is_private').notNullable().defaultTo(false);
    t.bigInteger('created_at').notNullable();
    t.index(['user_id', 'created_at'], 'user_moods_user_idx');
    t.index(['created_at'], 'user_moods_created_idx');
  });

  await knex.schema.createTable('mood_prompt_dismissals', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('day', 10).notNullable();
    t.primary(['user_id', 'day']);
  });

  await knex.schema.createTable('cultural_adaptation_assessments', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('homesickness_level').notNullable();
    t.integer('cultural_identity_strength').notNullable();
    t.integer('local_culture_comfort_level').notNullable();
    t.integer('local_friendships').notNullable();
    t.integer('indian_community_connection').notNullable();
    t.string('note', 500);
    t.bigInteger('created_at').notNullable();
    t.index(['user_id', 'created_at'], 'assessments_user_idx');
  });

  await knex.schema.createTable('kundali_cache', (t) => {
    t.string('pair_key', 64).primary();
    t.string('input_hash', 64).notNullable();
    t.text('result').notNullable();
    t.bigInteger('created_at').notNullable();
  });

  await knex.schema.createTable('contact_messages', (t) => {
    t.increments('id').primary();
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.string('name', 100).notNullable();
    t.string('email', 254).notNullable();
    t.string('subject', 200).notNullable();
    t.text('message').notNullable();
    t.bigInteger('handled_at');
    t.integer('handled_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
    t.index(['created_at'], 'contact_created_idx');
  });

  await knex.schema.createTable('expo_dev_info', (t) => {
    t.increments('id').primary();
    t.string('host', 255).notNullable();
    t.integer('port').notNullable();
    t.string('token', 64).notNullable();
    t.string('dev_url', 500).notNullable();
    t.bigInteger('created_at').notNullable();
  });

  // Live events for server-sent events; lets several processes on one database fan out.
  await knex.schema.createTable('live_events', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('kind', 32).notNullable();
    t.text('payload').notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['id', 'user_id'], 'live_events_cursor_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'live_events', 'expo_dev_info', 'contact_messages', 'kundali_cache', 'cultural_adaptation_assessments',
    'mood_prompt_dismissals', 'user_moods', 'mood_types', 'success_stories', 'notifications', 'messages',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
