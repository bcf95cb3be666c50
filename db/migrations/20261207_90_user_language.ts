import type { Knex } from 'knex';

// The member's language (contracts/i18n/languages.ts): the app, emails and pushes follow it. Accounts made before
// Saathi had languages used it in English.

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('users', 'language')) return;
  await knex.schema.alterTable('users', (t) => {
    t.string('language', 8).notNullable().defaultTo('en');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('language');
  });
}
