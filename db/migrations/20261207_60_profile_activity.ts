import type { Knex } from 'knex';

// The candidate's activity list: each change a family member made to the profile while acting for its candidate
// (a save of the profile, with the fields it sent), with who made it. `actor_user_id` stays null once that
// account is deleted; the row stays, so the candidate still reads that their profile was changed.
export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasTable('profile_activity')) return;
  await knex.schema.createTable('profile_activity', (t) => {
    t.increments('id').primary();
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.integer('actor_user_id').references('users.id').onDelete('SET NULL');
    t.string('action', 32).notNullable();
    t.text('fields').notNullable().defaultTo('[]');
    t.bigInteger('created_at').notNullable();
    t.index(['profile_id', 'created_at'], 'profile_activity_profile_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('profile_activity');
}
