import type { Next } from 'koa';
import type { RateLimitRule } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db';
import { AUTH_MESSAGES } from '../../contracts/auth';
import { tooManyRequests } from '../errors';

/**
 * Fixed-window counter in the database, so every process on one database shares the limit.
 * Returns the seconds to wait when the limit is exceeded, otherwise null.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule, now = Date.now()): Promise<number | null> {
  const windowStart = now - (now % rule.windowMs);
  return db.transaction(async (trx) => {
    const row = await trx('rate_limits').where({ key }).first();
    if (!row || Number(row.windowStart) !== windowStart) {
      if (row) await trx('rate_limits').where({ key }).update({ windowStart, count: 1 });
      else await trx('rate_limits').insert({ key, windowStart, count: 1 }).onConflict('key').merge();
      return null;
    }
    if (row.count >= rule.max) return (windowStart + rule.windowMs - now) / 1000;
    await trx('rate_limits').where({ key }).increment('count', 1);
    return null;
  });
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
