import type { Knex } from 'knex';

// A success story names two members, so each of them must agree before it is published, and either may withdraw
// later. One row per member of a story; the answer link's token is stored hashed. Stories published before consent
// was recorded are unpublished: nobody agreed to them.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('story_consents', (t) => {
    t.increments('id').primary();
    t.integer('story_id').notNullable().references('success_stories.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('status', 16).notNullable().defaultTo('pending');
    t.string('token_hash', 64).notNullable().unique();
    t.bigInteger('requested_at').notNullable();
    t.bigInteger('responded_at');
    t.unique(['story_id', 'user_id'], { indexName: 'story_consents_pair_unique' });
    t.index(['user_id'], 'story_consents_user_idx');
  });
  await knex('success_stories').where({ is_published: true }).update({ is_published: false, published_at: null });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('story_consents');
}
