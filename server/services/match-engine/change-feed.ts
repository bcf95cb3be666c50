import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from '../../db';
import type { LiveEvents } from '../live-events';
import type { Checkpoint } from './snapshot';

/**
 * How the engine learns of writes made anywhere (this process, another process, the CLI). Database triggers
 * (migration 30) record each change to a member or to a relation between two members:
 * - SQLite: rows appended to `engine_changes` (one writer at a time, so ids are in commit order); the engine reads
 *   what is new before it answers, and every half second in case nobody asks;
 * - PostgreSQL: NOTIFY on `saathi_engine`, heard by every process through live-events' listening connection
 *   (delivered in commit order). A "barrier" — a NOTIFY of our own, awaited — proves that every change
 *   committed before it has arrived: the engine waits for one after a write made through this process, so a
 *   member sees their own change at once, and other processes follow within milliseconds.
 */
export interface Changes {
  members: Set<number>;
  relations: Array<[number, number]>;
  rebuild: boolean;
}

/** How long the log keeps its rows (the cleanup job deletes older ones; a running engine reads it continuously). */
export const CHANGE_LOG_KEPT_MS = 86_400_000;

const empty = (): Changes => ({ members: new Set(), relations: [], rebuild: false });

function parse(into: Changes, kind: string, a: number | null, b: number | null): void {
  if (kind === '*') into.rebuild = true;
  else if (kind === 'u' && a !== null) into.members.add(a);
  else if (kind === 'r' && a !== null) into.relations.push([a, b ?? 0]);
}

/** A row of `engine_changes` (ids may come back as text from PostgreSQL's bigint, or as numbers). */
interface LogRow {
  kind: string;
  a: number | string | null;
  b: number | string | null;
}

const parseRow = (into: Changes, r: LogRow) => parse(into, r.kind, r.a === null ? null : Number(r.a), r.b === null ? null : Number(r.b));

export interface ChangeFeed {
  /** Starts following; after it resolves, every later change will be seen. */
  start(onGap: () => void): Promise<void>;
  /** Changes since the last call (after making sure this process's own writes are among them). */
  take(): Promise<Changes>;
  /** A write went through this process: the next take() must include it. */
  localWrite(): void;
  close(): void;
  /**
   * Where the feed stands, marked in the log so that a later start can tell it is the same database with its
   * history unbroken (null: this feed cannot be resumed).
   */
  checkpoint(): Promise<Checkpoint | null>;
  /** After start(): follows from the checkpoint instead (true), or says the log no longer holds it (false). */
  resume(checkpoint: Checkpoint): Promise<boolean>;
}

/** SQLite: the trigger-filled log, read from a watermark. */
export class LogFeed implements ChangeFeed {
  private watermark = 0;
  private lastPrune = Date.now();

  constructor(private readonly db: Db) {}

  async start(): Promise<void> {
    const row = await this.db('engine_changes').max({ id: 'id' }).first();
    this.watermark = Number(row?.id ?? 0);
  }

  async take(): Promise<Changes> {
    const out = empty();
    for (;;) {
      const rows = (await this.db.raw('SELECT id, kind, a, b FROM engine_changes WHERE id > ? ORDER BY id LIMIT 2000', [this.watermark])) as Array<LogRow & { id: number }>;
      for (const r of rows) parseRow(out, r);
      if (rows.length) this.watermark = Number(rows[rows.length - 1].id);
      if (rows.length < 2000) break;
    }
    if (Date.now() - this.lastPrune > 10 * 60_000) {
      this.lastPrune = Date.now();
      // An hour of history is plenty: a running engine reads the log every half second.
      await this.db('engine_changes')
        .where('createdAt', '<', Date.now() - 3_600_000)
        .where('id', '<', this.watermark)
        .delete()
        .catch(() => {
          // a database refusing writes keeps its history a little longer; reads go on
        });
    }
    return out;
  }

  localWrite(): void {}
  close(): void {}

  /** A marker row ('s', a random nonce): its id and content prove the log is the same one later. */
  async checkpoint(): Promise<Checkpoint> {
    const nonce = crypto.randomInt(1, 2 ** 31 - 1);
    // In whole seconds, as the triggers write it, so the log's times never decrease along its ids.
    const createdAt = Math.floor(Date.now() / 1000) * 1000;
    const [row] = (await this.db('engine_changes').insert({ kind: 's', a: nonce, createdAt }, ['id'])) as Array<{ id: number } | number>;
    const mark = typeof row === 'number' ? row : Number(row.id);
    return { watermark: this.watermark, mark, nonce, createdAt };
  }

  /**
   * The marker must still be there as written, and every row after the watermark too (ids are consecutive in
   * this log: AUTOINCREMENT, one writer, pruning only from the old end); a pruned or foreign log is refused.
   */
  async resume(cp: Checkpoint): Promise<boolean> {
    if (!(Number.isInteger(cp.watermark) && Number.isInteger(cp.mark) && cp.mark > cp.watermark)) return false;
    const marker = await this.db('engine_changes').where({ id: cp.mark, kind: 's', a: cp.nonce, createdAt: cp.createdAt }).first('id');
    if (!marker) return false;
    const after = await this.db('engine_changes').where('id', '>', cp.watermark).count({ n: '*' }).max({ last: 'id' }).first();
    if (Number(after?.n ?? 0) !== Number(after?.last ?? 0) - cp.watermark) return false;
    this.watermark = cp.watermark;
    return true;
  }
}

/** PostgreSQL: NOTIFY payloads 'u:<user>', 'r:<user>:<user>', '*', and our own barriers 'b:<token>'. */
export class NotifyFeed implements ChangeFeed {
  private pending = empty();
  private unsubscribe: (() => void) | null = null;
  private readonly origin = crypto.randomUUID();
  private counter = 0;
  private readonly waiting = new Map<string, () => void>();
  private dirty = true;

  constructor(
    private readonly db: Db,
    private readonly live: LiveEvents,
  ) {}

  async start(onGap: () => void): Promise<void> {
    this.unsubscribe = this.live.onChannel('saathi_engine', (payload) => this.receive(payload), onGap);
    await this.settle();
  }

  private receive(payload: string): void {
    if (payload.startsWith('b:')) {
      this.waiting.get(payload)?.();
      this.waiting.delete(payload);
      return;
    }
    const [kind, a, b] = payload.split(':');
    parse(this.pending, kind, a === undefined ? null : Number(a), b === undefined ? null : Number(b));
  }

  /** Sends a barrier and waits until it comes back (re-sent while the listening connection is being set up). */
  private async settle(): Promise<void> {
    const token = `b:${this.origin}:${++this.counter}`;
    const arrived = new Promise<void>((resolve) => this.waiting.set(token, resolve));
    const deadline = Date.now() + 10_000;
    for (;;) {
      await this.db.raw('SELECT pg_notify(?, ?)', ['saathi_engine', token]);
      const got = await Promise.race([arrived.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 250))]);
      if (got) return;
      if (Date.now() > deadline) {
        this.waiting.delete(token);
        throw new Error('match engine: the change feed (LISTEN saathi_engine) is not answering');
      }
    }
  }

  async take(): Promise<Changes> {
    if (this.dirty) {
      // A barrier of its own, sent after the write: one already in flight may have left before the write.
      this.dirty = false;
      await this.settle();
    }
    const out = this.pending;
    this.pending = empty();
    return out;
  }

  localWrite(): void {
    this.dirty = true;
  }

  close(): void {
    this.unsubscribe?.();
  }

  /**
   * A marker row, and the transactions its statement saw (pg_current_snapshot), then a barrier: once it is back,
   * the notification of every change those transactions made has arrived, so applying what take() returns next
   * puts all of them in the index.
   */
  async checkpoint(): Promise<Checkpoint> {
    const nonce = crypto.randomInt(1, 2 ** 31 - 1);
    const createdAt = Date.now();
    const { rows } = (await this.db.raw(
      `INSERT INTO engine_changes (kind, a, created_at, xid) VALUES ('s', ?, ?, pg_current_xact_id()) RETURNING id, pg_current_snapshot()::text AS seen`,
      [nonce, createdAt],
    )) as { rows: Array<{ id: number; seen: string }> };
    await this.settle();
    return { watermark: 0, seen: rows[0].seen, mark: Number(rows[0].id), nonce, createdAt };
  }

  /**
   * The marker must still be there, young enough that the cleanup job has kept every row written after it (and
   * in transactions open when it was written); then every change by a transaction the checkpoint did not see is
   * read from the log, to be applied with the first take().
   */
  async resume(cp: Checkpoint): Promise<boolean> {
    if (!cp.seen || Date.now() - cp.createdAt > CHANGE_LOG_KEPT_MS - 2 * 3_600_000) return false;
    const marker = await this.db('engine_changes').where({ id: cp.mark, kind: 's', a: cp.nonce, createdAt: cp.createdAt }).first('id');
    if (!marker) return false;
    const { rows } = (await this.db.raw(
      'SELECT kind, a, b FROM engine_changes WHERE xid IS NOT NULL AND NOT pg_visible_in_snapshot(xid, ?::pg_snapshot) ORDER BY id',
      [cp.seen],
    )) as { rows: LogRow[] };
    for (const r of rows) parseRow(this.pending, r);
    return true;
  }
}

/** Asks every running engine on this database to rebuild its index (after writes made with the log paused). */
export async function requestEngineRebuild(db: Knex): Promise<void> {
  if (db.client.config.client === 'pg') await db.raw("SELECT engine_changed('*')");
  else await db('engine_changes').insert({ kind: '*', createdAt: Date.now() });
}
