import type { Next } from 'koa';
import type { RateLimitRule } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db';
import { AUTH_MESSAGES } from '../../contracts/auth';
import { tooManyRequests } from '../errors';

/**
 * Fixed-window counter in the database, so every process on one database shares the limit. One upsert both
 * counts the request and reads the count back, so parallel requests cannot slip past the limit between a read
 * and a write (on SQLite and on PostgreSQL alike). Returns the seconds to wait when this request is over the
 * limit, otherwise null.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule, now = Date.now()): Promise<number | null> {
  const windowStart = now - (now % rule.windowMs);
  const rows = (await db('rate_limits')
    .insert({ key, windowStart, count: 1 })
    .onConflict('key')
    .merge({
      count: db.raw('CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END'),
      windowStart: db.raw('excluded.window_start'),
    })
    .returning(['count'])) as Array<{ count: number | string }>;
  const count = Number(rows[0]?.count ?? 1);
  return count > rule.max ? (windowStart + rule.windowMs - now) / 1000 : null;
}

/** Gives back one counted request of the current window (a sign-in that succeeded does not count). */
export async function refundRateLimit(db: Db, key: string, rule: RateLimitRule, now = Date.now()): Promise<void> {
  const windowStart = now - (now % rule.windowMs);
  await db('rate_limits').where({ key, windowStart }).where('count', '>', 0).decrement('count', 1);
}

export function clientIp(ctx: AppContext): string {
  return ctx.ip || 'unknown';
}

/** Per-route limiter keyed by client address (and whatever else `extraKey` adds). */
export function rateLimit(name: string, pickRule: (ctx: AppContext) => RateLimitRule, extraKey?: (ctx: AppContext) => string) {
  return async function limit(ctx: AppContext, next: Next): Promise<void> {
    const { db } = ctx.services;
    const key = `${name}:${clientIp(ctx)}${extraKey ? `:${extraKey(ctx)}` : ''}`;
    const wait = await hitRateLimit(db, key, pickRule(ctx));
    if (wait !== null) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, wait);
    await next();
  };
}
