import type { Knex } from 'knex';

// Partner preferences on the basics: a height range (cm), and lists (JSON text, like location_preference) of
// marital statuses, diets, communities, religions and mother tongues; an empty or missing list is "open to all".
// The match engine ranks by height, community and the height, marital status, diet and community preferences, so
// the change feed's update trigger on profiles watches them too (its other columns as migration 98 left them).

const COLUMNS: Array<[string, (t: Knex.AlterTableBuilder) => void]> = [
  ['height_preference_min', (t) => t.integer('height_preference_min')],
  ['height_preference_max', (t) => t.integer('height_preference_max')],
  ['marital_status_preference', (t) => t.text('marital_status_preference')],
  ['diet_preference', (t) => t.text('diet_preference')],
  ['community_preference', (t) => t.text('community_preference')],
  ['religion_preference', (t) => t.text('religion_preference')],
  ['mother_tongue_preference', (t) => t.text('mother_tongue_preference')],
];

const WATCHED_BEFORE = [
  'user_id', 'gender', 'looking_for', 'date_of_birth', 'country', 'education', 'profession', 'religion', 'mother_tongue',
  'marital_status', 'diet', 'return_to_india_plans', 'cultural_integration_level', 'age_preference_min', 'age_preference_max',
  'location_preference', 'education_preference', 'profession_preference', 'profile_type', 'search_text', 'is_deleted',
  'moon_longitude', 'birth_hour', 'birth_minute', 'birth_am_pm', 'birth_place', 'rashi', 'nakshatra', 'manglik',
  'full_name', 'parent_name', 'parent_relationship', 'location', 'city',
];
const WATCHED_NOW = [
  ...WATCHED_BEFORE, 'height', 'community', 'height_preference_min', 'height_preference_max', 'marital_status_preference', 'diet_preference',
  'community_preference',
];

const QUIET = 'NOT EXISTS (SELECT 1 FROM engine_log_pause)';
const sqliteLog = (a: string) => `INSERT INTO engine_changes (kind, a, b, created_at) VALUES ('u', ${a}, NULL, CAST(strftime('%s','now') AS INTEGER) * 1000);`;

async function updateTrigger(knex: Knex, columns: string[]): Promise<void> {
  const cols = columns.join(', ');
  if (knex.client.config.client === 'pg') {
    await knex.raw('DROP TRIGGER IF EXISTS engine_profiles_update ON profiles');
    await knex.raw(`CREATE TRIGGER engine_profiles_update AFTER UPDATE OF ${cols} ON profiles FOR EACH ROW EXECUTE FUNCTION engine_profiles_change()`);
    return;
  }
  await knex.raw('DROP TRIGGER IF EXISTS engine_profiles_update');
  await knex.raw(`CREATE TRIGGER engine_profiles_update AFTER UPDATE OF ${cols} ON profiles WHEN ${QUIET} BEGIN ${sqliteLog('NEW.user_id')} ${sqliteLog('OLD.user_id')} END`);
}

export async function up(knex: Knex): Promise<void> {
  for (const [name, add] of COLUMNS) {
    if (await knex.schema.hasColumn('profiles', name)) continue;
    await knex.schema.alterTable('profiles', (t) => add(t));
  }
  await updateTrigger(knex, WATCHED_NOW);
}

export async function down(knex: Knex): Promise<void> {
  await updateTrigger(knex, WATCHED_BEFORE);
  // The database's own DROP COLUMN (SQLite 3.35+, PostgreSQL): knex would rebuild the table on SQLite, losing the
  // match engine's triggers on it.
  for (const [name] of COLUMNS) {
    if (await knex.schema.hasColumn('profiles', name)) await knex.raw(`ALTER TABLE profiles DROP COLUMN ${name}`);
  }
}
