import type { AppContext } from '../context';
import type { Db } from '../db';
import { SignInAttempt } from '../models/account';
import { unlessStorageFault } from '../errors';

/** How long attempts are kept: long enough to see a pattern, short enough not to become a tracking log. */
export const SIGN_IN_HISTORY_DAYS = 90;
const KEEP_MS = SIGN_IN_HISTORY_DAYS * 24 * 3600_000;

export type AttemptOutcome = SignInAttempt['outcome'];

/**
 * Records one attempt on an account (unknown logins name no account and are not recorded here), and forgets that
 * account's attempts older than 90 days. Best effort: a full disk must not turn a sign-in into an error.
 */
export async function recordSignInAttempt(ctx: AppContext, userId: number, outcome: AttemptOutcome, reason: string | null, form: 'member' | 'console'): Promise<void> {
  const now = Date.now();
  await unlessStorageFault(async () => {
    await SignInAttempt.query(ctx.services.db).insert({
      userId, outcome, reason, form, userAgent: (ctx.get('User-Agent') || '').slice(0, 300) || null, ip: (ctx.ip || '').slice(0, 64) || null, createdAt: now,
    });
    await SignInAttempt.query(ctx.services.db).where({ userId }).where('createdAt', '<', now - KEEP_MS).delete();
  });
}

/** The account's attempts of the last 90 days, newest first (at most `limit`). */
export async function signInHistory(db: Db, userId: number, limit = 50) {
  return SignInAttempt.query(db).where({ userId }).where('createdAt', '>=', Date.now() - KEEP_MS).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit);
}
