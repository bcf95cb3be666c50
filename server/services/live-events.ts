import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Db } from '../db';

export interface LiveEvent {
  userId: number;
  kind: 'message' | 'notification' | 'read' | 'presence' | 'subscription';
  payload: Record<string, unknown>;
}

type Listener = (event: LiveEvent) => void;

/**
 * Fan-out of live events to the server-sent-event streams of this process. On PostgreSQL `PgLiveEvents` also
 * carries each event to every other Saathi process; on SQLite, where one process serves, `SqliteLiveEvents`
 * follows what other processes (the CLI, jobs) publish.
 */
export class LiveEvents {
  private readonly emitter = new EventEmitter();
  private readonly closers = new Set<() => void>();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  publish(event: LiveEvent): void {
    this.deliver(event);
  }

  /** Hands an event to this process's streams for that member. */
  protected deliver(event: LiveEvent): void {
    this.emitter.emit(`user:${event.userId}`, event);
  }

  /** `onClose` runs when the process shuts down, so open streams end instead of holding the server open. */
  subscribe(userId: number, listener: Listener, onClose?: () => void): () => void {
    const name = `user:${userId}`;
    this.emitter.on(name, listener);
    if (onClose) this.closers.add(onClose);
    return () => {
      this.emitter.off(name, listener);
      if (onClose) this.closers.delete(onClose);
    };
  }

  listenerCount(userId: number): number {
    return this.emitter.listenerCount(`user:${userId}`);
  }

  /**
   * Payloads sent with NOTIFY on another channel (by database triggers, say), with `onGap` called after the
   * listening connection was lost and came back (notifications sent meanwhile are gone). Only PostgreSQL has
   * them: in-process there is nothing to listen to, and this returns a no-op unsubscribe.
   */
  onChannel(_channel: string, _listener: (payload: string) => void, _onGap?: () => void): () => void {
    return () => {};
  }

  async start(): Promise<void> {}

  /** Ends every open stream (graceful shutdown). */
  async close(): Promise<void> {
    for (const close of [...this.closers]) close();
    this.closers.clear();
  }
}

/**
 * NOTIFY payloads must stay under 8000 bytes: an event travels as base64 parts of at most 5000 bytes (6,668
 * characters encoded), all sent in one transaction so they arrive together and in order.
 */
const PART_BYTES = 5000;
const CHANNEL = 'saathi_live_events';

interface Envelope {
  /** sending process */
  o: string;
  /** event number within that process */
  n: number;
  /** part index and count */
  i: number;
  c: number;
  /** base64 of this part's UTF-8 bytes */
  d: string;
}

/**
 * Live events across processes on PostgreSQL: each process LISTENs on one channel and every publish is a
 * NOTIFY, so a message sent through one process reaches a chat stream held open by another. Events are
 * delivered locally at once; a process ignores its own notifications. The listening connection reconnects
 * with backoff when PostgreSQL restarts; events published while it is down reach local streams only, and the
 * app's 30-second poll fills the gap for streams elsewhere.
 */
export class PgLiveEvents extends LiveEvents {
  private readonly origin = crypto.randomUUID();
  private counter = 0;
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private readonly parts = new Map<string, { parts: string[]; got: number; at: number }>();
  private readonly channels = new Map<string, { listeners: Set<(payload: string) => void>; gaps: Set<() => void> }>();
  private connectedOnce = false;
  /** NOTIFYs not yet sent: close() waits for them (a CLI command publishes and then exits). */
  private readonly sending = new Set<Promise<unknown>>();

  /** Notifications go out through the app's own connection pool; only LISTEN needs a connection of its own. */
  constructor(
    private readonly connectionString: string,
    private readonly db: Db,
    private readonly log: (entry: Record<string, unknown>) => void = () => {},
  ) {
    super();
  }

  override async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (msg) => {
      if (msg.channel === CHANNEL) {
        if (msg.payload) this.receive(msg.payload);
        return;
      }
      for (const listener of this.channels.get(msg.channel)?.listeners ?? []) listener(msg.payload ?? '');
    });
    client.on('error', (error) => {
      this.log({ level: 'warn', msg: 'live events: listening connection lost', err: String(error) });
      this.reconnectSoon();
    });
    client.on('end', () => this.reconnectSoon());
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
    this.client = client;
    if (this.connectedOnce) for (const { gaps } of this.channels.values()) for (const gap of gaps) gap();
    this.connectedOnce = true;
  }

  override onChannel(channel: string, listener: (payload: string) => void, onGap?: () => void): () => void {
    if (!/^[a-z_]+$/.test(channel) || channel === CHANNEL) throw new Error(`bad channel name ${channel}`);
    let entry = this.channels.get(channel);
    if (!entry) {
      entry = { listeners: new Set(), gaps: new Set() };
      this.channels.set(channel, entry);
      this.client?.query(`LISTEN ${channel}`).catch(() => this.reconnectSoon());
    }
    entry.listeners.add(listener);
    if (onGap) entry.gaps.add(onGap);
    const registered = entry;
    return () => {
      registered.listeners.delete(listener);
      if (onGap) registered.gaps.delete(onGap);
    };
  }

  private reconnectSoon(delay = 1000): void {
    if (this.closed || this.retry) return;
    const old = this.client;
    this.client = null;
    old?.removeAllListeners('end');
    old?.end().catch(() => {});
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().catch((error) => {
        this.log({ level: 'warn', msg: 'live events: reconnect failed', err: String(error) });
        this.reconnectSoon(Math.min(delay * 2, 30_000));
      });
    }, delay);
    this.retry.unref();
  }

  override publish(event: LiveEvent): void {
    this.deliver(event);
    const bytes = Buffer.from(JSON.stringify(event));
    const count = Math.max(1, Math.ceil(bytes.length / PART_BYTES));
    const n = ++this.counter;
    const payloads = Array.from({ length: count }, (_, i) =>
      JSON.stringify({ o: this.origin, n, i, c: count, d: bytes.subarray(i * PART_BYTES, (i + 1) * PART_BYTES).toString('base64') } satisfies Envelope),
    );
    // One statement is one transaction: the parts are delivered together and in order.
    const sql = `SELECT ${payloads.map(() => 'pg_notify(?, ?)').join(', ')}`;
    const sent: Promise<unknown> = this.db
      .raw(sql, payloads.flatMap((payload) => [CHANNEL, payload]))
      .catch((error: unknown) => {
        this.log({ level: 'warn', msg: 'live events: notify failed', err: String(error) });
      })
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  private receive(raw: string): void {
    let env: Envelope;
    try {
      env = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (env.o === this.origin || typeof env.d !== 'string') return;
    let parts = [env.d];
    if (env.c > 1) {
      const key = `${env.o}:${env.n}`;
      const now = Date.now();
      const entry = this.parts.get(key) ?? { parts: new Array<string>(env.c), got: 0, at: now };
      if (entry.parts[env.i] === undefined) entry.got += 1;
      entry.parts[env.i] = env.d;
      this.parts.set(key, entry);
      if (entry.got < env.c) {
        for (const [k, v] of this.parts) if (now - v.at > 60_000) this.parts.delete(k);
        return;
      }
      this.parts.delete(key);
      parts = entry.parts;
    }
    try {
      const event = JSON.parse(Buffer.concat(parts.map((p) => Buffer.from(p, 'base64'))).toString('utf8')) as LiveEvent;
      if (typeof event.userId === 'number') this.deliver(event);
    } catch {
      /* a malformed event from elsewhere is dropped */
    }
  }

  override async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await Promise.allSettled([...this.sending]);
    await super.close();
    const client = this.client;
    this.client = null;
    client?.removeAllListeners('end');
    await client?.end().catch(() => {});
  }
}

/** How often a SQLite server reads the events other processes wrote, while it has streams open. */
const FOLLOW_MS = 500;

/**
 * Live events on SQLite. One process serves, but others write to the same database (`saathi billing advance`,
 * a periodic job) and their events must reach its streams too: they publish through `RelayedLiveEvents`, a row
 * in `live_events`, which this process reads every half second while any stream is open here and hands to its
 * streams (the cleanup job deletes old rows). Its own events stay in memory and never touch the table.
 */
export class SqliteLiveEvents extends LiveEvents {
  private streams = 0;
  private watermark: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: (entry: Record<string, unknown>) => void = () => {},
  ) {
    super();
  }

  override subscribe(userId: number, listener: Listener, onClose?: () => void): () => void {
    const unsubscribe = super.subscribe(userId, listener, onClose);
    if (++this.streams === 1) this.follow();
    let open = true;
    return () => {
      unsubscribe();
      if (open && --this.streams === 0) this.stop();
      open = false;
    };
  }

  /** Starts reading from the newest row: what was written while nobody listened is for nobody. */
  private follow(): void {
    this.reading = this.read();
    this.timer = setInterval(() => {
      this.reading ??= this.read();
    }, FOLLOW_MS);
    this.timer.unref();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.watermark = null;
  }

  private async read(): Promise<void> {
    try {
      if (this.watermark === null) {
        const row = await this.db('live_events').max({ id: 'id' }).first();
        this.watermark = Number(row?.id ?? 0);
        return;
      }
      const rows = await this.db('live_events').where('id', '>', this.watermark).orderBy('id').limit(500).select('id', 'userId', 'kind', 'payload');
      for (const row of rows) {
        this.watermark = Number(row.id);
        try {
          this.deliver({ userId: Number(row.userId), kind: row.kind as LiveEvent['kind'], payload: JSON.parse(String(row.payload)) as Record<string, unknown> });
        } catch {
          /* a malformed row is skipped */
        }
      }
    } catch (error) {
      this.log({ level: 'warn', msg: 'live events: reading other processes\' events failed', err: String(error) });
    } finally {
      this.reading = null;
    }
  }

  override async close(): Promise<void> {
    this.stop();
    await this.reading;
    await super.close();
  }
}

/**
 * Live events published by a process that serves no streams (a CLI command, a periodic job), for the streams
 * of the serving processes: on SQLite a row in `live_events` (SqliteLiveEvents reads it), on PostgreSQL a NOTIFY
 * like any process's. close() waits until every event is handed over.
 */
export class RelayedLiveEvents extends LiveEvents {
  private readonly sending = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly log: (entry: Record<string, unknown>) => void = () => {},
  ) {
    super();
  }

  override publish(event: LiveEvent): void {
    const sent: Promise<unknown> = this.db('live_events')
      .insert({ userId: event.userId, kind: event.kind, payload: JSON.stringify(event.payload), createdAt: Date.now() })
      .catch((error: unknown) => this.log({ level: 'warn', msg: 'live events: relay failed', err: String(error) }))
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  override async close(): Promise<void> {
    await Promise.allSettled([...this.sending]);
    await super.close();
  }
}

type LiveConfig = { dbClient: string; databaseUrl: string | null };

/** The live events of a serving process. */
export function liveEventsFor(config: LiveConfig, db: Db, log?: (entry: Record<string, unknown>) => void): LiveEvents {
  return config.dbClient === 'pg' && config.databaseUrl ? new PgLiveEvents(config.databaseUrl, db, log) : new SqliteLiveEvents(db, log);
}

/** The live events of work outside a serving process's requests (CLI commands, jobs): they reach every server's streams. */
export function relayedLiveEventsFor(config: LiveConfig, db: Db, log?: (entry: Record<string, unknown>) => void): LiveEvents {
  return config.dbClient === 'pg' && config.databaseUrl ? new PgLiveEvents(config.databaseUrl, db, log) : new RelayedLiveEvents(db, log);
}
