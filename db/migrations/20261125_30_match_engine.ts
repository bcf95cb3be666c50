import type { Knex } from 'knex';

// The match engine's schema:
// - `not_interested`: a member's "not interested" marks on profiles (undone from settings).
// - `profiles.moon_longitude`: the sidereal Moon longitude the Kundali engine casts from the birth fields, kept
//   so the engine's start-up build does not cast a million charts. NULL means "not worked out yet" (a trigger
//   clears it whenever a birth field changes), -1 means "no Moon can be cast".
// - A change feed so every process's in-memory index follows every write, wherever it is made (routes, ops
//   console, CLI, account deletion, payments): on SQLite triggers append to `engine_changes`, which the engine
//   reads before answering; on PostgreSQL triggers send NOTIFY on the `saathi_engine` channel (delivered to
//   every process in commit order). While `engine_log_pause` holds a row in the writing transaction (bulk
//   seeding) the triggers stay quiet; the seeder then asks for a rebuild.

const BIRTH_FIELDS = ['date_of_birth', 'birth_hour', 'birth_minute', 'birth_am_pm', 'birth_place', 'rashi', 'nakshatra', 'manglik'];

/** Columns of each table whose change the engine must see (birth fields: they move the Moon, hence the guna scores). */
export const WATCHED = {
  users: ['is_verified', 'status', 'role', 'is_deleted', 'subscription_tier', 'subscription_ends'],
  profiles: [
    'user_id', 'gender', 'looking_for', 'date_of_birth', 'country', 'education', 'profession', 'religion', 'mother_tongue',
    'marital_status', 'diet', 'return_to_india_plans', 'cultural_integration_level', 'age_preference_min', 'age_preference_max',
    'location_preference', 'education_preference', 'profession_preference', 'profile_type', 'search_text', 'is_deleted',
    'moon_longitude', ...BIRTH_FIELDS.filter((f) => f !== 'date_of_birth'),
  ],
  privacy_settings: ['profile_visibility'],
  photos: ['user_id', 'profile_id', 'purpose'],
} as const;


/** Relations between two members: [table, first member, second member as an SQL expression over the row]. */
const RELATIONS: Array<[string, string, (row: string) => string]> = [
  ['blocks', 'blocker_id', (r) => `${r}.blocked_id`],
  ['matches', 'user1_id', (r) => `${r}.user2_id`],
  ['profile_likes', 'user_id', (r) => `(SELECT user_id FROM profiles WHERE id = ${r}.liked_profile_id)`],
  ['not_interested', 'user_id', (r) => `(SELECT user_id FROM profiles WHERE id = ${r}.profile_id)`],
];

async function createTables(knex: Knex): Promise<void> {
  await knex.schema.createTable('not_interested', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    t.unique(['user_id', 'profile_id'], { indexName: 'not_interested_pair_unique' });
    t.index(['profile_id'], 'not_interested_profile_idx');
  });
  await knex.schema.alterTable('profiles', (t) => {
    t.double('moon_longitude');
  });
  await knex.schema.createTable('engine_changes', (t) => {
    t.increments('id').primary();
    // 'u': member a changed; 'r': a relation between members a and b changed; '*': rebuild everything
    t.string('kind', 1).notNullable();
    t.integer('a');
    t.integer('b');
    t.bigInteger('created_at').notNullable();
  });
  await knex.schema.createTable('engine_log_pause', (t) => {
    t.integer('id').primary();
  });
}

async function sqliteTriggers(knex: Knex): Promise<void> {
  const quiet = 'NOT EXISTS (SELECT 1 FROM engine_log_pause)';
  const log = (kind: string, a: string, b: string) =>
    `INSERT INTO engine_changes (kind, a, b, created_at) VALUES ('${kind}', ${a}, ${b}, CAST(strftime('%s','now') AS INTEGER) * 1000);`;
  const member = (table: string, key: string) => {
    const cols = WATCHED[table as keyof typeof WATCHED].join(', ');
    return [
      `CREATE TRIGGER engine_${table}_insert AFTER INSERT ON ${table} WHEN ${quiet} BEGIN ${log('u', `NEW.${key}`, 'NULL')} END`,
      `CREATE TRIGGER engine_${table}_update AFTER UPDATE OF ${cols} ON ${table} WHEN ${quiet} BEGIN ${log('u', `NEW.${key}`, 'NULL')} ${log('u', `OLD.${key}`, 'NULL')} END`,
      `CREATE TRIGGER engine_${table}_delete AFTER DELETE ON ${table} WHEN ${quiet} BEGIN ${log('u', `OLD.${key}`, 'NULL')} END`,
    ];
  };
  const statements = [
    ...member('users', 'id'),
    ...member('profiles', 'user_id'),
    ...member('privacy_settings', 'user_id'),
    ...member('photos', 'user_id'),
    // "Recently active" is kept to the hour: the sign-in middleware's once-a-minute touch is logged hourly.
    `CREATE TRIGGER engine_users_active AFTER UPDATE OF last_active_at ON users
       WHEN ${quiet} AND coalesce(NEW.last_active_at, 0) / 3600000 != coalesce(OLD.last_active_at, 0) / 3600000
       BEGIN ${log('u', 'NEW.id', 'NULL')} END`,
    `CREATE TRIGGER engine_moon_reset AFTER UPDATE OF ${BIRTH_FIELDS.join(', ')} ON profiles
       WHEN NEW.moon_longitude IS NOT NULL AND NEW.moon_longitude IS OLD.moon_longitude
         AND (${BIRTH_FIELDS.map((f) => `NEW.${f} IS NOT OLD.${f}`).join(' OR ')})
       BEGIN UPDATE profiles SET moon_longitude = NULL WHERE id = NEW.id; END`,
  ];
  for (const [table, a, b] of RELATIONS) {
    statements.push(`CREATE TRIGGER engine_${table}_insert AFTER INSERT ON ${table} WHEN ${quiet} BEGIN ${log('r', `NEW.${a}`, b('NEW'))} END`);
    statements.push(`CREATE TRIGGER engine_${table}_delete AFTER DELETE ON ${table} WHEN ${quiet} BEGIN ${log('r', `OLD.${a}`, b('OLD'))} END`);
  }
  for (const sql of statements) await knex.raw(sql);
}

async function postgresTriggers(knex: Knex): Promise<void> {
  const quiet = 'IF EXISTS (SELECT 1 FROM engine_log_pause) THEN RETURN NULL; END IF;';
  const fn = (name: string, body: string) => `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${quiet} ${body} RETURN NULL; END $$`;
  const notify = (payload: string) => `PERFORM pg_notify('saathi_engine', ${payload});`;
  const statements: string[] = [];
  const member = (table: string, key: string) => {
    statements.push(
      fn(`engine_${table}_change`, `
        IF TG_OP <> 'INSERT' AND OLD.${key} IS NOT NULL THEN ${notify(`'u:' || OLD.${key}`)} END IF;
        IF TG_OP <> 'DELETE' AND NEW.${key} IS NOT NULL THEN ${notify(`'u:' || NEW.${key}`)} END IF;`),
      `CREATE TRIGGER engine_${table}_insert_delete AFTER INSERT OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION engine_${table}_change()`,
      `CREATE TRIGGER engine_${table}_update AFTER UPDATE OF ${WATCHED[table as keyof typeof WATCHED].join(', ')} ON ${table} FOR EACH ROW EXECUTE FUNCTION engine_${table}_change()`,
    );
  };
  member('users', 'id');
  member('profiles', 'user_id');
  member('privacy_settings', 'user_id');
  member('photos', 'user_id');
  statements.push(
    `CREATE TRIGGER engine_users_active AFTER UPDATE OF last_active_at ON users FOR EACH ROW
       WHEN (coalesce(NEW.last_active_at, 0) / 3600000 <> coalesce(OLD.last_active_at, 0) / 3600000)
       EXECUTE FUNCTION engine_users_change()`,
    `CREATE OR REPLACE FUNCTION engine_moon_reset() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW.moon_longitude IS NOT DISTINCT FROM OLD.moon_longitude
           AND (${BIRTH_FIELDS.map((f) => `NEW.${f}`).join(', ')}) IS DISTINCT FROM (${BIRTH_FIELDS.map((f) => `OLD.${f}`).join(', ')}) THEN
           NEW.moon_longitude := NULL;
         END IF;
         RETURN NEW;
       END $$`,
    'CREATE TRIGGER engine_moon_reset BEFORE UPDATE ON profiles FOR EACH ROW EXECUTE FUNCTION engine_moon_reset()',
  );
  for (const [table, a, b] of RELATIONS) {
    statements.push(
      fn(`engine_${table}_change`, `
        IF TG_OP = 'DELETE' THEN ${notify(`'r:' || OLD.${a} || ':' || coalesce(${b('OLD')}, 0)`)}
        ELSE ${notify(`'r:' || NEW.${a} || ':' || coalesce(${b('NEW')}, 0)`)} END IF;`),
      `CREATE TRIGGER engine_${table}_change AFTER INSERT OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION engine_${table}_change()`,
    );
  }
  for (const sql of statements) await knex.raw(sql);
}

export async function up(knex: Knex): Promise<void> {
  await createTables(knex);
  if (knex.client.config.client === 'pg') await postgresTriggers(knex);
  else await sqliteTriggers(knex);
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') {
    for (const table of ['users', 'profiles', 'privacy_settings', 'photos']) {
      await knex.raw(`DROP TRIGGER IF EXISTS engine_${table}_insert_delete ON ${table}`);
      await knex.raw(`DROP TRIGGER IF EXISTS engine_${table}_update ON ${table}`);
    }
    await knex.raw('DROP TRIGGER IF EXISTS engine_users_active ON users');
    await knex.raw('DROP TRIGGER IF EXISTS engine_moon_reset ON profiles');
    for (const [table] of RELATIONS) await knex.raw(`DROP TRIGGER IF EXISTS engine_${table}_change ON ${table}`);
    for (const name of ['users', 'profiles', 'privacy_settings', 'photos', ...RELATIONS.map(([t]) => t)]) {
      await knex.raw(`DROP FUNCTION IF EXISTS engine_${name}_change()`);
    }
    await knex.raw('DROP FUNCTION IF EXISTS engine_moon_reset()');
  } else {
    const names = ['users', 'profiles', 'privacy_settings', 'photos'].flatMap((t) => [`engine_${t}_insert`, `engine_${t}_update`, `engine_${t}_delete`]);
    names.push('engine_users_active', 'engine_moon_reset', ...RELATIONS.flatMap(([t]) => [`engine_${t}_insert`, `engine_${t}_delete`]));
    for (const name of names) await knex.raw(`DROP TRIGGER IF EXISTS ${name}`);
  }
  await knex.schema.dropTableIfExists('engine_log_pause');
  await knex.schema.dropTableIfExists('engine_changes');
  await knex.schema.alterTable('profiles', (t) => {
    t.dropColumn('moon_longitude');
  });
  await knex.schema.dropTableIfExists('not_interested');
}
