import type { Knex } from 'knex';

// The member's language (contracts/i18n/languages.ts): the app, emails and pushes follow it. Accounts made before
// Saathi had languages used it in English.

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('users', 'language')) return;
  await knex.schema.alterTable('users', (t) => {
    t.string('language', 8).notNullable().defaultTo('en');
  });
}

// The database's own DROP COLUMN: a knex rebuild of users would drop the table its members' rows hang from (their
// profiles would go with it) and the triggers on it.
export async function down(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('users', 'language')) await knex.raw('ALTER TABLE users DROP COLUMN language');
}
