import type { Knex } from 'knex';

// A member holds one live subscription (20261207_42). A member who held several before that rule existed keeps
// them, marked here as extras, so the rule's index can be built; the app shows and cancels them with the member's
// main subscription (services/billing/state.ts, liveSubscriptions).

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('subscriptions', 'legacy_duplicate')) return;
  await knex.schema.alterTable('subscriptions', (t) => {
    t.boolean('legacy_duplicate').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('subscriptions', 'legacy_duplicate'))) return;
  await knex.schema.alterTable('subscriptions', (t) => {
    t.dropColumn('legacy_duplicate');
  });
}
