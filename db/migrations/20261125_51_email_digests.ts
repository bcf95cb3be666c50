import type { Knex } from 'knex';

// The email digest of likes and profile views: how often a member wants it, and when the last one went out.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notification_settings', (t) => {
    t.string('digest_frequency', 8).notNullable().defaultTo('daily');
    t.bigInteger('last_digest_at');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notification_settings', (t) => {
    t.dropColumn('last_digest_at');
    t.dropColumn('digest_frequency');
  });
}
