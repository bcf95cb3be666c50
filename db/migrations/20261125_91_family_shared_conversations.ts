import type { Knex } from 'knex';

// The candidate's conversations are private to them; they may share one with their family (who then read it, and
// may write in it when messaging as family is allowed). One row per shared conversation.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('family_shared_conversations', (t) => {
    t.increments('id').primary();
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.integer('other_user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('shared_at').notNullable();
    t.unique(['profile_id', 'other_user_id'], { indexName: 'family_shared_conversations_unique' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('family_shared_conversations');
}
