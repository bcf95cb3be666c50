import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('profiles', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // Basic information (stage 1)
    t.string('gender', 16);
    t.string('looking_for', 16);
    t.string('date_of_birth', 10);
    t.string('profile_type', 16).notNullable().defaultTo('self');
    t.string('parent_name', 100);
    t.string('parent_relationship', 16);
    t.string('parent_contact', 40);
    t.string('location', 200);
    t.string('country', 100);
    t.string('city', 100);
    // Personal and professional details (stage 2)
    t.integer('height');
    t.string('education', 40);
    t.string('education_details', 300);
    t.string('profession', 120);
    t.string('company', 120);
    t.integer('income');
    t.string('marital_status', 24);
    t.text('about');
    t.string('mother_tongue', 24);
    t.string('religion', 24);
    t.string('diet', 24);
    // Astrology (stage 3)
    t.integer('birth_hour');
    t.integer('birth_minute');
    t.string('birth_am_pm', 2);
    t.string('birth_place', 200);
    t.string('zodiac_sign', 16);
    t.string('rashi', 16);
    t.string('nakshatra', 24);
    t.boolean('manglik');
    t.string('gotra', 60);
    t.text('kundali_details');
    // Family (stage 4)
    t.string('family_type', 16);
    t.string('family_values', 16);
    t.string('sibling_details', 300);
    t.text('family_background');
    // Partner preferences (stage 5)
    t.integer('age_preference_min');
    t.integer('age_preference_max');
    t.text('location_preference');
    t.string('education_preference', 120);
    t.string('profession_preference', 120);
    // NRI details
    t.string('nri_residence_country', 100);
    t.string('nri_community', 120);
    t.string('cultural_integration_level', 16).defaultTo('moderate');
    t.string('return_to_india_plans', 16).defaultTo('considering');
    t.text('language_preferences');
    t.text('visa_immigration_experience');
    // Completion
    t.integer('profile_completion_stage').notNullable().defaultTo(1);
    t.boolean('basic_info_complete').notNullable().defaultTo(false);
    t.boolean('personal_details_complete').notNullable().defaultTo(false);
    t.boolean('astrology_info_complete').notNullable().defaultTo(false);
    t.boolean('family_info_complete').notNullable().defaultTo(false);
    t.boolean('preferences_complete').notNullable().defaultTo(false);
    // Lower-cased, accent-free text of name, city, country, profession and education for search.
    t.text('search_text');
    // Birth year as a number so age filters use an index instead of parsing dates.
    t.integer('birth_year');
    t.boolean('is_deleted').notNullable().defaultTo(false);
    t.bigInteger('deleted_at');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['user_id'], 'profiles_user_idx');
    t.index(['is_deleted', 'gender', 'date_of_birth'], 'profiles_search_idx');
    t.index(['is_deleted', 'country'], 'profiles_country_idx');
    t.index(['created_at'], 'profiles_created_idx');
  });
  // One live profile per member; a deleted one does not block creating a new one.
  await knex.raw(
    'CREATE UNIQUE INDEX profiles_one_live_per_user ON profiles (user_id) WHERE is_deleted = false',
  );

  // Uploaded images: profile photos (attached to a profile after the wizard), verification images, story photos.
  await knex.schema.createTable('photos', (t) => {
    t.increments('id').primary();
    t.integer('user_id').references('users.id').onDelete('CASCADE');
    t.integer('profile_id').references('profiles.id').onDelete('SET NULL');
    t.string('purpose', 24).notNullable().defaultTo('profile');
    t.integer('position').notNullable().defaultTo(0);
    t.string('file_key', 64).notNullable().unique();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.integer('bytes').notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['profile_id', 'position'], 'photos_profile_idx');
    t.index(['user_id', 'purpose'], 'photos_user_idx');
  });

  await knex.schema.createTable('profile_likes', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('liked_profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    t.unique(['user_id', 'liked_profile_id'], { indexName: 'profile_likes_pair_unique' });
    t.index(['liked_profile_id'], 'profile_likes_liked_idx');
  });

  // A mutual like; user1_id < user2_id so a pair has one row.
  await knex.schema.createTable('matches', (t) => {
    t.increments('id').primary();
    t.integer('user1_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('user2_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    t.unique(['user1_id', 'user2_id'], { indexName: 'matches_pair_unique' });
    t.index(['user2_id'], 'matches_user2_idx');
  });

  await knex.schema.createTable('profile_views', (t) => {
    t.increments('id').primary();
    t.integer('viewer_user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.string('view_date', 10).notNullable();
    t.bigInteger('created_at').notNullable();
    t.unique(['viewer_user_id', 'profile_id', 'view_date'], { indexName: 'profile_views_daily_unique' });
  });

  await knex.schema.createTable('profile_shares', (t) => {
    t.increments('id').primary();
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('share_code', 64).notNullable().unique();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.integer('access_count').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.bigInteger('deactivated_at');
    t.integer('deactivated_by').references('users.id').onDelete('SET NULL');
    t.index(['profile_id'], 'profile_shares_profile_idx');
    t.index(['user_id'], 'profile_shares_user_idx');
  });

  await knex.schema.createTable('share_views', (t) => {
    t.increments('id').primary();
    t.integer('share_id').notNullable().references('profile_shares.id').onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    t.index(['created_at'], 'share_views_created_idx');
  });

  await knex.schema.createTable('blocks', (t) => {
    t.increments('id').primary();
    t.integer('blocker_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('blocked_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    t.unique(['blocker_id', 'blocked_id'], { indexName: 'blocks_pair_unique' });
    t.index(['blocked_id'], 'blocks_blocked_idx');
  });

  await knex.schema.createTable('reports', (t) => {
    t.increments('id').primary();
    t.integer('reporter_id').references('users.id').onDelete('SET NULL');
    t.integer('reported_user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('reported_profile_id').references('profiles.id').onDelete('SET NULL');
    t.string('reason', 40).notNullable();
    t.text('details');
    t.string('status', 16).notNullable().defaultTo('open');
    t.integer('handled_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('handled_at');
    t.string('resolution_note', 500);
    t.bigInteger('created_at').notNullable();
    t.index(['status', 'created_at'], 'reports_queue_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'reports', 'blocks', 'share_views', 'profile_shares', 'profile_views', 'matches', 'profile_likes', 'photos',
    'profiles',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
