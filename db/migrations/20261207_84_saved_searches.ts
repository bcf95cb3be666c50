import type { Knex } from 'knex';

// Saved searches: a member's search (the search's own parameters, as JSON) by name, with its daily alerts by email
// and push. `seen` holds the members the member already knows from it (see services/saved-searches/seen.ts);
// `alert_due_at` is the member's next alert hour, the same for all their searches (indexed: a run reads only those due).
export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasTable('saved_searches')) return;
  await knex.schema.createTable('saved_searches', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('name', 60).notNullable();
    t.text('filters').notNullable();
    t.boolean('email_alerts').notNullable().defaultTo(true);
    t.boolean('push_alerts').notNullable().defaultTo(true);
    t.text('seen').notNullable().defaultTo('');
    t.bigInteger('last_alert_at');
    t.bigInteger('alert_due_at');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['user_id'], 'saved_searches_user_idx');
    t.index(['alert_due_at'], 'saved_searches_alert_due_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('saved_searches');
}
