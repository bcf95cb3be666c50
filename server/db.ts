import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { Model, knexSnakeCaseMappers } from 'objection';
import type { Config } from './config';

export type Db = Knex;

export function sqliteFile(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'saathi.sqlite');
}

/**
 * Prepared statements by SQL text on a better-sqlite3 connection. knex prepares every query afresh, and
 * compiling SQL was about a tenth of a busy server's CPU time in the benchmark; the same texts recur (each route
 * issues a handful of shapes). Bounded, least recently used first out. knex only ever calls all()/run() on
 * them (no open iterators, no mode switches), so a statement can be reused as soon as it returns.
 */
const PREPARED_CACHE_SIZE = 300;
function cachePreparedStatements(conn: { prepare(sql: string): unknown }): void {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    const hit = cache.get(sql);
    if (hit !== undefined) {
      cache.delete(sql);
      cache.set(sql, hit);
      return hit;
    }
    const statement = prepare(sql);
    cache.set(sql, statement);
    if (cache.size > PREPARED_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    return statement;
  };
}

/** knex + Objection binding: SQLite (better-sqlite3 or sqlite3) in the data directory, or PostgreSQL. */
export function createDb(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'dbClient'>, file?: string): Db {
  // A failed query's error (and so the 5xx log line) carries its SQL with placeholders, not the bound values:
  // those are members' data (message text, session ids, password hashes).
  const mappers = { ...knexSnakeCaseMappers(), compileSqlOnError: false };
  let knex: Knex;
  if (config.dbClient === 'pg') {
    // Timestamps are epoch milliseconds in bigint columns, and counts are bigint: both fit a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
    knex = knexFactory({
      client: 'pg',
      connection: config.databaseUrl ?? undefined,
      pool: { min: 0, max: 10 },
      ...mappers,
    });
  } else {
    const filename = file ?? sqliteFile(config);
    fs.mkdirSync(path.dirname(filename), { recursive: true });
    const pragmas = [
      'PRAGMA journal_mode = WAL',
      'PRAGMA synchronous = NORMAL',
      'PRAGMA foreign_keys = ON',
      'PRAGMA busy_timeout = 5000',
      // Planner statistics for tables never analysed (or grown 25-fold since): without sqlite_stat1 SQLite
      // takes `is_deleted = ?` for a selective index term and scans 100,000 profiles for a 10-id lookup.
      // Bounded work (analysis_limit), about 0.1 s at 100,000 profiles, nothing when the stats are current.
      'PRAGMA optimize = 0x10002',
    ];
    if (config.dbClient === 'better-sqlite3') {
      knex = knexFactory({
        client: 'better-sqlite3',
        connection: { filename },
        useNullAsDefault: true,
        pool: {
          min: 1,
          max: 1,
          afterCreate(conn: { pragma(sql: string): unknown; prepare(sql: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
            try {
              for (const p of pragmas) conn.pragma(p.replace(/^PRAGMA /, ''));
              cachePreparedStatements(conn);
              done(null, conn);
            } catch (error) {
              done(error as Error, conn);
            }
          },
        },
        ...mappers,
      });
    } else {
      knex = knexFactory({
        client: 'sqlite3',
        connection: { filename },
        useNullAsDefault: true,
        pool: {
          min: 1,
          max: 1,
          afterCreate(
            conn: { run(sql: string, cb: (err: Error | null) => void): void },
            done: (err: Error | null, conn: unknown) => void,
          ) {
            const next = (i: number): void => {
              if (i >= pragmas.length) {
                done(null, conn);
                return;
              }
              conn.run(pragmas[i], (err) => (err ? done(err, conn) : next(i + 1)));
            };
            next(0);
          },
        },
        ...mappers,
      });
    }
  }
  Model.knex(knex);
  return knex;
}

/** A value as the drivers return it. */
export type Cell = string | number | boolean | null | bigint;

interface RawConnection {
  prepare?(sql: string): { raw(on: boolean): unknown; all(...values: unknown[]): Cell[][]; columns(): Array<{ name: string }> };
  query?(config: { name?: string; text: string; values: unknown[]; rowMode: 'array' }): Promise<{ rows: Cell[][]; fields: Array<{ name: string }> }>;
}

/**
 * PostgreSQL names for the statements read with `prepare`, by SQL text: each connection parses and plans a named
 * statement once and then only binds and runs it (planning the page of cards alone takes about 0.3 ms a time).
 * Bounded, because every connection keeps what it prepared: texts beyond the bound run as unnamed statements.
 */
const PG_NAMED_STATEMENTS = 100;
const pgNames = new Map<string, { name: string; text: string }>();
function pgStatement(sql: string, prepare: boolean): { name?: string; text: string } {
  const known = pgNames.get(sql);
  if (known) return known;
  let n = 0;
  const text = sql.replace(/\?/g, () => `$${++n}`);
  if (!prepare || pgNames.size >= PG_NAMED_STATEMENTS) return { text };
  const statement = { name: `saathi_read_${pgNames.size + 1}`, text };
  pgNames.set(sql, statement);
  return statement;
}

/** Column names of the statements read on better-sqlite3, by SQL text (bounded like the statement cache). */
const columnNames = new Map<string, string[]>();

const bindable = (bindings: ReadonlyArray<unknown>) => bindings.map((b) => (b instanceof Date ? b.valueOf() : typeof b === 'boolean' ? Number(b) : b));

/**
 * Rows of one read statement written out in SQL (`?` placeholders) as arrays of cells, with the column names:
 * the hot reads (a page of cards, mood signals, the match engine's scan of every member) skip knex's per-query
 * work (events, binding formatting, mapping every key of every row), and array rows cost the drivers half of
 * what row objects do (better-sqlite3: 70 against 145 µs for a page of 20 cards). better-sqlite3 runs the
 * connection's cached statement (put back in object mode for knex, which shares the cache); PostgreSQL asks
 * node-postgres for array rows; the sqlite3 driver, used only by a test run, goes through knex.raw.
 */
export async function readArrays(db: Db, sql: string, bindings: ReadonlyArray<unknown>, options: { prepare?: boolean } = {}): Promise<{ rows: Cell[][]; columns: string[] }> {
  const client = db.client.config.client;
  if (client !== 'better-sqlite3' && client !== 'pg') {
    const objects = (await db.raw(sql, bindings as Knex.RawBinding[])) as Array<Record<string, Cell>>;
    return { rows: objects.map((row) => Object.values(row)), columns: objects.length ? Object.keys(objects[0]) : [] };
  }
  const conn = (await db.client.acquireConnection()) as RawConnection;
  try {
    if (client === 'pg' && conn.query) {
      const result = await conn.query({ ...pgStatement(sql, options.prepare === true), values: bindable(bindings), rowMode: 'array' });
      return { rows: result.rows, columns: result.fields.map((f) => f.name) };
    }
    if (!conn.prepare) throw new Error('unexpected SQLite connection');
    const statement = conn.prepare(sql);
    let columns = columnNames.get(sql);
    if (!columns) {
      columns = statement.columns().map((c) => c.name);
      if (columnNames.size >= PREPARED_CACHE_SIZE) columnNames.delete(columnNames.keys().next().value as string);
      columnNames.set(sql, columns);
    }
    statement.raw(true);
    try {
      return { rows: statement.all(...bindable(bindings)), columns };
    } finally {
      statement.raw(false);
    }
  } finally {
    await db.client.releaseConnection(conn);
  }
}

/**
 * Rows of one hot read statement as objects keyed by the column aliases as written (no snake_case mapping), read
 * through readArrays: array rows from the driver (half its cost), and on PostgreSQL a named statement, so the text
 * should be one of a few (see `paddedIds`).
 */
export async function readRows<T>(db: Db, sql: string, bindings: ReadonlyArray<string | number | boolean | null>): Promise<T[]> {
  const { rows, columns } = await readArrays(db, sql, bindings, { prepare: true });
  const out: Record<string, unknown>[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const object: Record<string, unknown> = {};
    for (let c = 0; c < columns.length; c++) object[columns[c]] = row[c];
    out[i] = object;
  }
  return out as T[];
}

/**
 * A list bound as `IN (?, …)` padded to one of a few lengths by repeating its last value (IN ignores the repeats), so
 * a statement read with readRows has one of a few texts whatever the list's length: cached by better-sqlite3,
 * prepared once per connection on PostgreSQL.
 */
export function paddedIds<T>(ids: readonly T[]): T[] {
  const n = ids.length;
  if (n === 0) return [];
  const length = n <= 10 ? 10 : n <= 20 ? 20 : n <= 50 ? 50 : Math.ceil(n / 100) * 100;
  const out = ids.slice();
  while (out.length < length) out.push(ids[n - 1]);
  return out;
}

export function isPostgres(db: Db): boolean {
  return db.client.config.client === 'pg';
}
