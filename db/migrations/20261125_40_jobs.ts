import type { Knex } from 'knex';

// One row per periodic job: when it may next run, who holds it now (a lease, so it runs once across every
// process on the database), and how the last run went (`saathi jobs` shows it).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jobs', (t) => {
    t.string('name', 64).primary();
    t.bigInteger('next_run_at').notNullable();
    t.string('lease_owner', 64);
    t.bigInteger('lease_until');
    t.bigInteger('last_started_at');
    t.bigInteger('last_finished_at');
    t.integer('last_duration_ms');
    t.string('last_result', 500);
    t.integer('runs').notNullable().defaultTo(0);
    t.integer('failures').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('jobs');
}
