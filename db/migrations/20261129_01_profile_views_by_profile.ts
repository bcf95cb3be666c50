import type { Knex } from 'knex';

// A profile's views by the profile viewed and when: the daily digest counts each member's new views, and the only
// index on the table began with the viewer, so every count read the whole table.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profile_views', (t) => {
    t.index(['profile_id', 'created_at'], 'profile_views_profile_created');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profile_views', (t) => {
    t.dropIndex(['profile_id', 'created_at'], 'profile_views_profile_created');
  });
}
