import { createHash } from 'node:crypto';
import type { Db } from '../../db';
import { LINE_COLUMNS, LINE_FROM, LINE_LIVE, lineSql } from './packed-row';

/**
 * `member_lines`: every live profile's line (packed-row.ts), written by the database itself, by triggers on the
 * tables a line is made from, in the same transaction as the write that changes it. The start-up scan reads these
 * lines as they are stored rather than having the database join three tables and format forty values a row.
 *
 * Why. At a million members, building the lines at read time is most of the database's share of the start-up
 * build: per half a million rows, SQLite 1.13-1.23 s and PostgreSQL's COPY 1.73-1.76 s, against 0.24-0.26 s and
 * 0.64-0.76 s reading the stored lines (same machine, same hour). The price: about 390 bytes a member on disk,
 * and a line rewritten with each write to its columns (a profile edit, a privacy change, the sign-in middleware's
 * once-a-minute `last_active_at`).
 *
 * The table is derived, like an index: its definition (the triggers and the line's SQL) follows the code, so it is
 * not a migration's. `ensureMemberLines` runs after the migrations and (re)builds it whenever the definition the
 * database records differs from this build's, or a trigger is missing; `dropMemberLines` removes it before
 * migrations run (a migration rebuilding a table would otherwise drop or break its triggers). The scan reads the
 * stored lines only when `memberLinesCurrent` says they are this build's; otherwise it has the database build
 * them at read time (`lineSql`) and logs a warning.
 */

const TABLE = 'member_lines';
const FORMAT_TABLE = 'member_lines_format';

type Dialect = 'sqlite' | 'pg';

const cols = (list: readonly string[], row: string) => list.map((c) => `${row}.${c}`).join(', ');

/** SQLite: row triggers (its only kind); each rewrites the lines of the profiles `which` selects. */
function sqliteStatements(): { create: string[]; triggers: string[] } {
  const line = lineSql('sqlite');
  const refresh = (which: string) =>
    `DELETE FROM ${TABLE} WHERE profile_id IN (SELECT p.id FROM profiles p WHERE ${which});
     INSERT OR REPLACE INTO ${TABLE} (profile_id, line) SELECT p.id, ${line} ${LINE_FROM} WHERE (${which}) AND ${LINE_LIVE};`;
  const defs: Array<[string, string]> = [
    ['member_lines_profiles_insert', `AFTER INSERT ON profiles BEGIN ${refresh('p.id = NEW.id')} END`],
    ['member_lines_profiles_update', `AFTER UPDATE OF ${LINE_COLUMNS.profiles.join(', ')} ON profiles BEGIN ${refresh('p.id IN (OLD.id, NEW.id)')} END`],
    ['member_lines_profiles_delete', `AFTER DELETE ON profiles BEGIN DELETE FROM ${TABLE} WHERE profile_id = OLD.id; END`],
    ['member_lines_users_update', `AFTER UPDATE OF ${LINE_COLUMNS.users.join(', ')} ON users BEGIN ${refresh('p.user_id IN (OLD.id, NEW.id)')} END`],
    ['member_lines_users_delete', `AFTER DELETE ON users BEGIN ${refresh('p.user_id = OLD.id')} END`],
    ['member_lines_privacy_insert', `AFTER INSERT ON privacy_settings BEGIN ${refresh('p.user_id = NEW.user_id')} END`],
    [
      'member_lines_privacy_update',
      `AFTER UPDATE OF ${LINE_COLUMNS.privacy_settings.join(', ')} ON privacy_settings BEGIN ${refresh('p.user_id IN (OLD.user_id, NEW.user_id)')} END`,
    ],
    ['member_lines_privacy_delete', `AFTER DELETE ON privacy_settings BEGIN ${refresh('p.user_id = OLD.user_id')} END`],
  ];
  return {
    create: [`CREATE TABLE ${TABLE} (profile_id INTEGER PRIMARY KEY, line TEXT NOT NULL)`],
    triggers: defs.map(([name, body]) => `CREATE TRIGGER ${name} ${body}`),
  };
}

/**
 * PostgreSQL: statement triggers with transition tables, so that a bulk insert (the seeder's thousands of rows a
 * statement) rewrites its lines in one statement rather than one per row; an update rewrites only the rows whose
 * line's columns changed. The function writes the Moon longitude to its last digit whatever the session's
 * extra_float_digits (1 gives the shortest exact form).
 *
 * Concurrent writers. A line is made of three tables' rows, and under READ COMMITTED two transactions writing
 * different ones of a member's rows (an edit of the profile, a hide in the privacy settings; or the engine filling
 * in a Moon position while the member changes a setting) would each write the line from a snapshot without the
 * other's change: the later one failed on the line's key, or left a line missing the first one's change. So every
 * rewrite first locks its members' `users` rows (FOR NO KEY UPDATE, which foreign-key checks do not wait for), in id
 * order, and holds them to its commit. A second rewrite of the same member waits there, and its next statement
 * reads the first one's committed rows. The owner's row, not the profile's: the sign-in middleware's
 * `last_active_at` update already holds it, so a transaction editing a profile and then its owner (account
 * deletion) cannot deadlock with it. The insert's ON CONFLICT is a second guard that should never act.
 */
function postgresStatements(): { create: string[]; triggers: string[] } {
  const refresh = `CREATE FUNCTION member_lines_refresh(ids integer[], owners integer[]) RETURNS void LANGUAGE plpgsql
    SET extra_float_digits = 1 SET jit = off AS $$
    BEGIN
      PERFORM 1 FROM users WHERE id = ANY(owners) ORDER BY id FOR NO KEY UPDATE;
      DELETE FROM ${TABLE} WHERE profile_id = ANY(ids);
      INSERT INTO ${TABLE} (profile_id, line) SELECT p.id, ${lineSql('pg')} ${LINE_FROM} WHERE p.id = ANY(ids) AND ${LINE_LIVE}
        ON CONFLICT (profile_id) DO UPDATE SET line = EXCLUDED.line;
    END $$`;
  const changed = (list: readonly string[]) => `(${cols(list, 'n')}) IS DISTINCT FROM (${cols(list, 'o')})`;
  const profilesOf = (users: string) => `SELECT p.id, p.user_id FROM profiles p WHERE p.user_id IN (${users})`;
  // [trigger, table, event, transition tables, the (profile id, owner's user id) pairs whose lines to rewrite]
  const defs: Array<[string, string, string, string, string]> = [
    ['member_lines_profiles_insert', 'profiles', 'INSERT', 'NEW TABLE AS n', 'SELECT id, user_id FROM n'],
    [
      'member_lines_profiles_update', 'profiles', 'UPDATE', 'OLD TABLE AS o NEW TABLE AS n',
      `SELECT n.id, n.user_id FROM n LEFT JOIN o ON o.id = n.id WHERE o.id IS NULL OR ${changed(LINE_COLUMNS.profiles)} UNION SELECT o.id, o.user_id FROM o LEFT JOIN n ON n.id = o.id WHERE n.id IS NULL OR ${changed(LINE_COLUMNS.profiles)}`,
    ],
    ['member_lines_profiles_delete', 'profiles', 'DELETE', 'OLD TABLE AS o', 'SELECT id, user_id FROM o'],
    [
      'member_lines_users_update', 'users', 'UPDATE', 'OLD TABLE AS o NEW TABLE AS n',
      profilesOf(`SELECT n.id FROM n LEFT JOIN o ON o.id = n.id WHERE o.id IS NULL OR ${changed(LINE_COLUMNS.users)} UNION SELECT o.id FROM o LEFT JOIN n ON n.id = o.id WHERE n.id IS NULL`),
    ],
    ['member_lines_users_delete', 'users', 'DELETE', 'OLD TABLE AS o', profilesOf('SELECT id FROM o')],
    ['member_lines_privacy_insert', 'privacy_settings', 'INSERT', 'NEW TABLE AS n', profilesOf('SELECT user_id FROM n')],
    ['member_lines_privacy_update', 'privacy_settings', 'UPDATE', 'OLD TABLE AS o NEW TABLE AS n', profilesOf('SELECT user_id FROM n UNION SELECT user_id FROM o')],
    ['member_lines_privacy_delete', 'privacy_settings', 'DELETE', 'OLD TABLE AS o', profilesOf('SELECT user_id FROM o')],
  ];
  const triggers = defs.flatMap(([name, table, event, transition, pairs]) => [
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE ids integer[]; owners integer[];
    BEGIN
      SELECT array_agg(DISTINCT x.id), array_agg(DISTINCT x.owner) INTO ids, owners FROM (${pairs}) AS x(id, owner);
      IF ids IS NOT NULL THEN PERFORM member_lines_refresh(ids, owners); END IF;
      RETURN NULL;
    END $$`,
    `CREATE TRIGGER ${name} AFTER ${event} ON ${table} REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
  ]);
  return { create: [`CREATE TABLE ${TABLE} (profile_id integer PRIMARY KEY, line text NOT NULL)`, refresh], triggers };
}

const statementsOf = (dialect: Dialect) => (dialect === 'pg' ? postgresStatements() : sqliteStatements());
const dialectOf = (db: Db): Dialect => (db.client.config.client === 'pg' ? 'pg' : 'sqlite');

/**
 * The first value of a read's first row. Through knex.raw, not the db module's readers: that module runs
 * `ensureMemberLines` after its migrations, and importing it back would make a cycle.
 */
async function scalar(db: Db, sql: string, bindings: string[] = []): Promise<unknown> {
  const result = (await db.raw(sql, bindings)) as Array<Record<string, unknown>> | { rows: Array<Record<string, unknown>> };
  const row = (Array.isArray(result) ? result : result.rows)[0];
  return row ? Object.values(row)[0] : undefined;
}

/** The triggers' names (what `memberLinesCurrent` looks for). */
function triggerNames(dialect: Dialect): string[] {
  return statementsOf(dialect)
    .triggers.filter((sql) => sql.startsWith('CREATE TRIGGER'))
    .map((sql) => sql.split(/\s+/)[2]);
}

/** The definition this build installs, as the database records it: a digest of every statement. */
export function memberLinesFormat(dialect: Dialect): string {
  const { create, triggers } = statementsOf(dialect);
  return createHash('sha256').update([...create, ...triggers].join('\n')).digest('hex');
}

/** Whether the database holds this build's member lines, its triggers all in place (the scan may read them). */
export async function memberLinesCurrent(db: Db): Promise<boolean> {
  const dialect = dialectOf(db);
  // Asked of the catalog first: a failed read would abort a PostgreSQL transaction (ensureMemberLines asks in one).
  const exists = dialect === 'pg' ? `SELECT to_regclass('${FORMAT_TABLE}') IS NOT NULL` : `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '${FORMAT_TABLE}'`;
  if (!Number(await scalar(db, exists))) return false;
  const format = await scalar(db, `SELECT format FROM ${FORMAT_TABLE}`);
  if (format !== memberLinesFormat(dialect)) return false;
  const names = triggerNames(dialect);
  const marks = names.map(() => '?').join(', ');
  const sql =
    dialect === 'pg'
      ? `SELECT count(*) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE NOT t.tgisinternal AND t.tgname IN (${marks}) AND c.relnamespace = to_regnamespace(current_schema())`
      : `SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN (${marks})`;
  return Number(await scalar(db, sql, names)) === names.length;
}

/** The statements removing the member lines, their triggers and functions (nothing where they are not there). */
function dropStatements(dialect: Dialect): string[] {
  // PostgreSQL: dropping a trigger's function drops the trigger (CASCADE), even where its table is gone.
  const triggers = triggerNames(dialect).map((name) => (dialect === 'pg' ? `DROP FUNCTION IF EXISTS ${name}() CASCADE` : `DROP TRIGGER IF EXISTS ${name}`));
  // Both signatures: a database set up by an older build may hold the one-argument refresh.
  const functions = dialect === 'pg' ? ['DROP FUNCTION IF EXISTS member_lines_refresh(integer[], integer[])', 'DROP FUNCTION IF EXISTS member_lines_refresh(integer[])'] : [];
  return [...triggers, ...functions, `DROP TABLE IF EXISTS ${FORMAT_TABLE}`, `DROP TABLE IF EXISTS ${TABLE}`];
}

/** Removes the member lines (before migrations: see the top of this file). */
export async function dropMemberLines(db: Db): Promise<void> {
  await db.transaction(async (trx) => {
    for (const sql of dropStatements(dialectOf(db))) await trx.raw(sql);
  });
}

/**
 * Makes the database's member lines this build's: nothing when they are (one read), otherwise drops whatever is
 * there and installs the table, its triggers and every live profile's line, in one transaction (on PostgreSQL under
 * a lock, so that processes starting together install it once). At a million members the filling takes about 9 s.
 * Returns whether it installed.
 */
export async function ensureMemberLines(db: Db): Promise<boolean> {
  if (await memberLinesCurrent(db)) return false;
  const dialect = dialectOf(db);
  return db.transaction(async (trx) => {
    const inside = trx as unknown as Db;
    if (dialect === 'pg') {
      await trx.raw('SELECT pg_advisory_xact_lock(?)', [LOCK_KEY]);
      // Another process may have installed it while this one waited.
      if (await memberLinesCurrent(inside)) return false;
      await trx.raw('SET LOCAL extra_float_digits = 1');
      await trx.raw('SET LOCAL jit = off');
    }
    for (const sql of dropStatements(dialect)) await trx.raw(sql);
    const { create, triggers } = statementsOf(dialect);
    for (const sql of create) await trx.raw(sql);
    // In profile id order: the order the scan reads them in.
    await trx.raw(`INSERT INTO ${TABLE} (profile_id, line) SELECT p.id, ${lineSql(dialect)} ${LINE_FROM} WHERE ${LINE_LIVE} ORDER BY p.id`);
    for (const sql of triggers) await trx.raw(sql);
    await trx.raw(`CREATE TABLE ${FORMAT_TABLE} (format text NOT NULL)`);
    await trx.raw(`INSERT INTO ${FORMAT_TABLE} (format) VALUES (?)`, [memberLinesFormat(dialect)]);
    if (dialect === 'pg') await trx.raw(`ANALYZE ${TABLE}`);
    return true;
  });
}

/** pg_advisory_xact_lock's key for installing the member lines (any fixed number no other lock uses). */
const LOCK_KEY = 7_402_211;
