import type { Knex } from 'knex';

// Browsers a member has signed in from (a random id in a long-lived cookie, stored hashed), so a sign-in from a
// browser never seen before can be told to the member by email.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('known_devices', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('device_hash', 64).notNullable();
    t.string('user_agent', 400);
    t.bigInteger('first_seen_at').notNullable();
    t.bigInteger('last_seen_at').notNullable();
    t.unique(['user_id', 'device_hash'], { indexName: 'known_devices_user_device_uq' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('known_devices');
}
