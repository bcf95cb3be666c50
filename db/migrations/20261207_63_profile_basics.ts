import type { Knex } from 'knex';

// The basics families filter on first, beside those the profile already had (height, marital status, diet, income):
// the family's community (nri_community stays the diaspora association), the parents' occupations, siblings as
// counts, where the family lives and the income's currency (ISO 4217).

const COLUMNS: Array<[string, (t: Knex.AlterTableBuilder) => void]> = [
  ['community', (t) => t.string('community', 80)],
  ['father_occupation', (t) => t.string('father_occupation', 120)],
  ['mother_occupation', (t) => t.string('mother_occupation', 120)],
  ['brothers', (t) => t.integer('brothers')],
  ['brothers_married', (t) => t.integer('brothers_married')],
  ['sisters', (t) => t.integer('sisters')],
  ['sisters_married', (t) => t.integer('sisters_married')],
  ['family_location', (t) => t.string('family_location', 120)],
  ['income_currency', (t) => t.string('income_currency', 3)],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, add] of COLUMNS) {
    if (await knex.schema.hasColumn('profiles', name)) continue;
    await knex.schema.alterTable('profiles', (t) => add(t));
  }
}

export async function down(knex: Knex): Promise<void> {
  // The database's own DROP COLUMN (SQLite 3.35+, PostgreSQL): knex would rebuild the table on SQLite, losing the
  // match engine's triggers on it.
  for (const [name] of COLUMNS) {
    if (await knex.schema.hasColumn('profiles', name)) await knex.raw(`ALTER TABLE profiles DROP COLUMN ${name}`);
  }
}
