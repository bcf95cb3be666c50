import type { Knex } from 'knex';
import type { Db } from '../db';
import { effectiveTier } from '../policies/tier';

const DAY_MS = 86_400_000;

/** The tables and time columns the console's daily series count. */
type Series = { table: 'users' | 'verification_requests' | 'share_views' | 'user_moods'; column: 'createdAt' | 'decidedAt' };

/**
 * Rows per UTC day over the last `days` days (today included), oldest first, with the days that had none. A
 * per-day series is an aggregate, not rows of a model: grouped in SQL with knex, day and count made numbers here.
 */
export async function dailyCounts(db: Db, { table, column }: Series, days: number, now: number, where?: (q: Knex.QueryBuilder) => void) {
  const today = Math.floor(now / DAY_MS);
  const since = (today - (days - 1)) * DAY_MS;
  const q = db(table).where(column, '>=', since);
  if (where) where(q);
  const rows: Array<{ day: number | string; n: number | string }> = await q
    .select(db.raw(`${column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)} / ${DAY_MS} as day`))
    .count({ n: '*' })
    .groupBy('day');
  const byDay = new Map(rows.map((r) => [Number(r.day), Number(r.n)]));
  return Array.from({ length: days }, (_, i) => {
    const day = today - (days - 1) + i;
    return { date: new Date(day * DAY_MS).toISOString().slice(0, 10), count: byDay.get(day) ?? 0 };
  });
}

/**
 * Members (not deleted) by the tier they have now. Every member is tallied, so these stay plain rows: a model
 * instance each costs about 200 ms per 100k members.
 */
export async function membersByTier(db: Db): Promise<{ total: number; byTier: { tryme: number; premium: number; elite: number } }> {
  const rows: Array<{ subscriptionTier: 'tryme' | 'premium' | 'elite'; subscriptionEnds: number | string | null }> = await db('users')
    .where({ role: 'member', isDeleted: false })
    .select('subscriptionTier', 'subscriptionEnds');
  const byTier = { tryme: 0, premium: 0, elite: 0 };
  for (const r of rows) byTier[effectiveTier({ subscriptionTier: r.subscriptionTier, subscriptionEnds: r.subscriptionEnds === null ? null : Number(r.subscriptionEnds) })] += 1;
  return { total: rows.length, byTier };
}
