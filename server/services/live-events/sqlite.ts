import type { Db } from '../../db';
import { LiveEvent as LiveEventRow } from '../../models/delivery';
import { type LiveEvent, LiveEvents, type Listener } from './local';

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
      // Raw knex: polled every second by each serving process, read as plain rows so that a malformed payload is
      // skipped below instead of failing the whole read.
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
    const sent: Promise<unknown> = LiveEventRow.query(this.db)
      .insert({ userId: event.userId, kind: event.kind, payload: event.payload, createdAt: Date.now() })
      .catch((error: unknown) => this.log({ level: 'warn', msg: 'live events: relay failed', err: String(error) }))
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  override async close(): Promise<void> {
    await Promise.allSettled([...this.sending]);
    await super.close();
  }
}
