import type { Knex } from 'knex';
import type { AppRouter } from '../../../context';
import { effectiveTier } from '../../../policies/tier';

const DAY_MS = 86_400_000;
const DAYS = 30;

/** The overview: counts that need attention, members by tier, and 30-day daily series. */
export function dashboardRoutes(router: AppRouter) {
  router.get('/dashboard', async (ctx) => {
    const db = ctx.services.db;
    const now = Date.now();
    const today = Math.floor(now / DAY_MS);
    const since = (today - (DAYS - 1)) * DAY_MS;
    const count = async (q: Knex.QueryBuilder) => Number((await q.count({ n: '*' }).first())?.n ?? 0);
    const perDay = async (table: string, column: string, where?: (q: Knex.QueryBuilder) => void) => {
      const q = db(table).where(column, '>=', since);
      if (where) where(q);
      const rows = await q.select(db.raw(`${column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)} / ${DAY_MS} as day`)).count({ n: '*' }).groupBy('day');
      const byDay = new Map((rows as Array<{ day: unknown; n: unknown }>).map((r) => [Number(r.day), Number(r.n)]));
      return Array.from({ length: DAYS }, (_, i) => {
        const day = today - (DAYS - 1) + i;
        return { date: new Date(day * DAY_MS).toISOString().slice(0, 10), count: byDay.get(day) ?? 0 };
      });
    };
    const tierRows = await db('users').where({ role: 'member', isDeleted: false }).select('subscriptionTier', 'subscriptionEnds');
    const byTier = { tryme: 0, premium: 0, elite: 0 };
    for (const r of tierRows) byTier[effectiveTier({ subscriptionTier: r.subscriptionTier, subscriptionEnds: r.subscriptionEnds === null ? null : Number(r.subscriptionEnds) })] += 1;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      tiles: {
        members: tierRows.length,
        verifiedMembers: await count(db('users').where({ role: 'member', isDeleted: false, isVerified: true })),
        pendingVerifications: await count(db('verification_requests').where({ status: 'pending' })),
        openReports: await count(db('reports').where({ status: 'open' })),
        activeShares: await count(db('profile_shares').where({ isActive: true }).where('expiresAt', '>', now)),
        unhandledContact: await count(db('contact_messages').whereNull('handledAt')),
      },
      membersByTier: byTier,
      registrationsPerDay: await perDay('users', 'createdAt', (q) => q.where({ role: 'member' })),
      verificationDecisionsPerDay: await perDay('verification_requests', 'decidedAt', (q) => q.whereNotNull('decidedAt')),
      verificationApprovalsPerDay: await perDay('verification_requests', 'decidedAt', (q) => q.where({ status: 'approved' })),
      verificationRejectionsPerDay: await perDay('verification_requests', 'decidedAt', (q) => q.where({ status: 'rejected' })),
      shareViewsPerDay: await perDay('share_views', 'createdAt'),
      moodCheckInsPerDay: await perDay('user_moods', 'createdAt'),
    };
  });
}
