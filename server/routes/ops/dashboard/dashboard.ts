import type { Knex } from 'knex';
import type { SubscriptionTier } from '../../../../contracts/enums';
import type { AppRouter } from '../../../context';
import { ContactMessage } from '../../../models/engagement';
import { VerificationRequest } from '../../../models/ops';
import { ProfileShare, Report } from '../../../models/social';
import { User } from '../../../models/user';
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
    // A per-day series is an aggregate, not rows of a model: knex, with its day and count made numbers here.
    const perDay = async (table: string, column: string, where?: (q: Knex.QueryBuilder) => void) => {
      const q = db(table).where(column, '>=', since);
      if (where) where(q);
      const rows = await q.select(db.raw(`${column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)} / ${DAY_MS} as day`)).count({ n: '*' }).groupBy('day');
      const byDay = new Map((rows as Array<{ day: number | string; n: number | string }>).map((r) => [Number(r.day), Number(r.n)]));
      return Array.from({ length: DAYS }, (_, i) => {
        const day = today - (DAYS - 1) + i;
        return { date: new Date(day * DAY_MS).toISOString().slice(0, 10), count: byDay.get(day) ?? 0 };
      });
    };
    // Every member's tier is tallied, so these stay plain rows: a model instance each costs about 200 ms per 100k members.
    const tierRows: Array<{ subscriptionTier: SubscriptionTier; subscriptionEnds: number | string | null }> = await db('users')
      .where({ role: 'member', isDeleted: false })
      .select('subscriptionTier', 'subscriptionEnds');
    const byTier = { tryme: 0, premium: 0, elite: 0 };
    for (const r of tierRows) byTier[effectiveTier({ subscriptionTier: r.subscriptionTier, subscriptionEnds: r.subscriptionEnds === null ? null : Number(r.subscriptionEnds) })] += 1;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      tiles: {
        members: tierRows.length,
        verifiedMembers: await User.query(db).where({ role: 'member', isDeleted: false, isVerified: true }).resultSize(),
        pendingVerifications: await VerificationRequest.query(db).where({ status: 'pending' }).resultSize(),
        openReports: await Report.query(db).where({ status: 'open' }).resultSize(),
        activeShares: await ProfileShare.query(db).where({ isActive: true }).where('expiresAt', '>', now).resultSize(),
        unhandledContact: await ContactMessage.query(db).whereNull('handledAt').resultSize(),
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
