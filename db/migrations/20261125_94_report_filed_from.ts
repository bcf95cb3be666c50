import type { Knex } from 'knex';

// Where a report was filed when not by a member from a profile or a chat: 'family_decline' is the person a profile was
// made for, declining it and reporting it made without their consent. They have no account, so the report has no
// reporter; this tells the ops console who it was (not a deleted account).

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('reports', 'filed_from')) return;
  await knex.schema.alterTable('reports', (t) => {
    t.string('filed_from', 24);
  });
}

export async function down(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('reports', 'filed_from'))) return;
  await knex.schema.alterTable('reports', (t) => {
    t.dropColumn('filed_from');
  });
}
