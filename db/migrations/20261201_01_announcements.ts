import type { Knex } from 'knex';

// One row per announcement `saathi announce` has queued: the digest of its text is unique, so the same news cannot
// be queued twice (two runs at once included), and the last member queued lets an interrupted run resume where it
// stopped instead of writing to the first members again.
export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasTable('announcements')) return;
  await knex.schema.createTable('announcements', (t) => {
    t.increments('id').primary();
    t.string('digest', 64).notNullable().unique();
    t.string('subject', 150).notNullable();
    t.integer('queued').notNullable().defaultTo(0);
    t.integer('last_recipient_id').notNullable().defaultTo(0);
    t.bigInteger('started_at').notNullable();
    t.bigInteger('finished_at');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('announcements');
}
