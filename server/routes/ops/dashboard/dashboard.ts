import type { AppRouter } from '../../../context';
import { ContactMessage } from '../../../models/engagement';
import { VerificationRequest } from '../../../models/ops';
import { ProfileShare, Report } from '../../../models/social';
import { User } from '../../../models/user';
import { dailyCounts, membersByTier } from '../../../services/ops-metrics';

const DAYS = 30;

/** The overview: counts that need attention, members by tier, and 30-day daily series. */
export function dashboardRoutes(router: AppRouter) {
  router.get('/dashboard', async (ctx) => {
    const db = ctx.services.db;
    const now = Date.now();
    const perDay = (series: Parameters<typeof dailyCounts>[1], where?: Parameters<typeof dailyCounts>[4]) => dailyCounts(db, series, DAYS, now, where);
    const members = await membersByTier(db);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      tiles: {
        members: members.total,
        verifiedMembers: await User.query(db).where({ role: 'member', isDeleted: false, isVerified: true }).resultSize(),
        pendingVerifications: await VerificationRequest.query(db).where({ status: 'pending' }).resultSize(),
        openReports: await Report.query(db).where({ status: 'open' }).whereNot({ reason: 'appeal' }).resultSize(),
        openAppeals: await Report.query(db).where({ status: 'open', reason: 'appeal' }).resultSize(),
        activeShares: await ProfileShare.query(db).where({ isActive: true }).where('expiresAt', '>', now).resultSize(),
        unhandledContact: await ContactMessage.query(db).whereNull('handledAt').resultSize(),
      },
      membersByTier: members.byTier,
      registrationsPerDay: await perDay({ table: 'users', column: 'createdAt' }, (q) => q.where({ role: 'member' })),
      verificationDecisionsPerDay: await perDay({ table: 'verification_requests', column: 'decidedAt' }, (q) => q.whereNotNull('decidedAt')),
      verificationApprovalsPerDay: await perDay({ table: 'verification_requests', column: 'decidedAt' }, (q) => q.where({ status: 'approved' })),
      verificationRejectionsPerDay: await perDay({ table: 'verification_requests', column: 'decidedAt' }, (q) => q.where({ status: 'rejected' })),
      shareViewsPerDay: await perDay({ table: 'share_views', column: 'createdAt' }),
      moodCheckInsPerDay: await perDay({ table: 'user_moods', column: 'createdAt' }),
    };
  });
}
