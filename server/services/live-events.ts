import type { Db } from '../db';
import type { LiveEvents } from './live-events/local';
import { PgLiveEvents } from './live-events/postgres';
import { RelayedLiveEvents, SqliteLiveEvents } from './live-events/sqlite';

// Live events reach a member's open event streams: the in-process fan-out (live-events/local.ts), carried between
// processes by PostgreSQL LISTEN/NOTIFY (live-events/postgres.ts) or, on SQLite, by rows other processes write
// and the serving process follows (live-events/sqlite.ts).
export { type LiveEvent, LiveEvents } from './live-events/local';

type LiveConfig = { dbClient: string; databaseUrl: string | null };

/** The live events of a serving process. */
export function liveEventsFor(config: LiveConfig, db: Db, log?: (entry: Record<string, unknown>) => void): LiveEvents {
  return config.dbClient === 'pg' && config.databaseUrl ? new PgLiveEvents(config.databaseUrl, db, log) : new SqliteLiveEvents(db, log);
}

/** The live events of work outside a serving process's requests (CLI commands, jobs): they reach every server's streams. */
export function relayedLiveEventsFor(config: LiveConfig, db: Db, log?: (entry: Record<string, unknown>) => void): LiveEvents {
  return config.dbClient === 'pg' && config.databaseUrl ? new PgLiveEvents(config.databaseUrl, db, log) : new RelayedLiveEvents(db, log);
}
