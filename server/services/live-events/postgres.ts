import crypto from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../db';
import { type LiveEvent, LiveEvents } from './local';

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
