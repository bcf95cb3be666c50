import type { Knex } from 'knex';
import type { Db } from '../db';
import { Session } from '../models/account';
import type { LiveEvent, LiveEvents } from './live-events';
import { sha256 } from './passwords';

/** Which of a member's sessions end: every one, every one but `except` (the one asking), or `only` these. */
export interface SessionsToEnd {
  userId: number;
  /** session ids (the cookie's secret); absent: every session of the member */
  only?: string[];
  /** a session id that stays signed in */
  except?: string;
}

/** What the live bus carries when sessions end: digests, never the ids a cookie would need. */
export interface SessionEndedPayload extends Record<string, unknown> {
  /** the ended sessions' refs; absent: every session of the member (but `except`) */
  sessions?: string[];
  except?: string;
}

/** A session's public name (the devices list, the live bus): a digest of its id, which is the cookie's secret. */
export function sessionRef(sessionId: string): string {
  return sha256(sessionId).slice(0, 24);
}

/**
 * Ends sessions: their rows go, and once that is committed every process hears it on the live bus and closes the
 * event streams those sessions hold open, so a signed-out device stops receiving private messages at once. Every
 * sign-out, password change, suspension, deletion and family removal goes through here. Inside a transaction the
 * announcement waits for the outermost commit (a rolled-back change ends nothing). Returns how many ended.
 */
export async function endSessions(live: Pick<LiveEvents, 'publish'>, db: Db, which: SessionsToEnd): Promise<number> {
  if (which.only?.length === 0) return 0;
  const query = Session.query(db).where({ userId: which.userId });
  if (which.only) query.whereIn('id', which.only);
  if (which.except) query.whereNot({ id: which.except });
  const ended = await query.delete();
  if (ended === 0) return 0;
  const payload: SessionEndedPayload = which.only ? { sessions: which.only.map(sessionRef) } : which.except ? { except: sessionRef(which.except) } : {};
  const event: LiveEvent = { userId: which.userId, kind: 'session-ended', payload };
  afterCommit(db, () => live.publish(event));
  return ended;
}

/** Whether a `session-ended` event ends the session whose ref is `ref`. */
export function endsSession(payload: Record<string, unknown>, ref: string): boolean {
  const { sessions, except } = payload as SessionEndedPayload;
  if (Array.isArray(sessions)) return sessions.includes(ref);
  return except !== ref;
}

/** The session's expiry while it exists and has not expired, else null. */
export async function sessionExpiry(db: Db, sessionId: string | undefined): Promise<number | null> {
  if (!sessionId) return null;
  const row = await Session.query(db).findById(sessionId).select('expiresAt');
  const expiresAt = row ? Number(row.expiresAt) : 0;
  return expiresAt > Date.now() ? expiresAt : null;
}

type Transaction = Knex.Transaction & { parentTransaction?: Transaction };

function afterCommit(db: Db, run: () => void): void {
  let trx = db as Transaction;
  if (!trx.isTransaction) {
    run();
    return;
  }
  while (trx.parentTransaction) trx = trx.parentTransaction;
  trx.executionPromise.then(run, () => {});
}
