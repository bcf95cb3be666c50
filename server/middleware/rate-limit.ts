import type { Next } from 'koa';
import type { RateLimitRule } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db';
import { AUTH_MESSAGES } from '../../contracts/auth';
import { tooManyRequests } from '../errors';

/**
 * Sliding-window counter in the database, so every process on one database shares the limit. The row keeps the
 * current window's count and the previous window's; the previous one is weighted by how much of it still lies
 * within one window's length of now, so attempts straddling a window's edge count together (fixed windows let
 * twice the limit through in a few seconds there). One upsert both counts the request and reads the counts back,
 * so parallel requests cannot slip past the limit between a read and a write (on SQLite and on PostgreSQL alike).
 * Returns the seconds to wait when this request is over the limit, otherwise null.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule, now = Date.now()): Promise<number | null> {
  const windowStart = now - (now % rule.windowMs);
  const sameWindow = 'rate_limits.window_start = excluded.window_start';
  const rows = (await db('rate_limits')
    .insert({ key, windowStart, count: 1, previousCount: 0 })
    .onConflict('key')
    .merge({
      // Every expression reads the row as it was before this update.
      count: db.raw(`CASE WHEN ${sameWindow} THEN rate_limits.count + 1 ELSE 1 END`),
      previousCount: db.raw(
        `CASE WHEN ${sameWindow} THEN rate_limits.previous_count WHEN rate_limits.window_start = excluded.window_start - ? THEN rate_limits.count ELSE 0 END`,
        [rule.windowMs],
      ),
      windowStart: db.raw('excluded.window_start'),
    })
    .returning(['count', 'previousCount'])) as Array<{ count: number | string; previousCount: number | string }>;
  return slidingWindowWait(Number(rows[0]?.previousCount ?? 0), Number(rows[0]?.count ?? 1), now - windowStart, rule);
}

/**
 * Whether `count` requests in the current window (this one included), `elapsedMs` into it, after `previous` in
 * the window before, are over the limit; if so, the seconds until one more request would be within it.
 */
export function slidingWindowWait(previous: number, count: number, elapsedMs: number, rule: RateLimitRule): number | null {
  const { max, windowMs } = rule;
  const weighted = (earlier: number, elapsed: number) => earlier * (1 - elapsed / windowMs);
  if (weighted(previous, elapsedMs) + count <= max) return null;
  // Still in this window: the previous window's weight has to fall far enough.
  if (count + 1 <= max && previous > 0) {
    const at = windowMs * (1 - (max - count - 1) / previous);
    if (at < windowMs) return (at - elapsedMs) / 1000;
  }
  // In the next window, this window's count is the weighted one.
  const nextAt = max >= 1 ? windowMs * Math.max(0, 1 - (max - 1) / count) : windowMs;
  return (windowMs - elapsedMs + nextAt) / 1000;
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
