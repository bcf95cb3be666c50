import { newRouter } from '../../context';
import { requireStaff } from '../../middleware/auth';
import { appealOpsRoutes } from './appeals/appeals';
import { auditRoutes } from './audit/audit';
import { billingOpsRoutes } from './billing/billing';
import { dashboardRoutes } from './dashboard/dashboard';
import { inboxRoutes } from './inbox/inbox';
import { memberRoutes } from './members/members';
import { reportRoutes } from './reports/reports';
import { reviewerRoutes } from './reviewers/reviewers';
import { shareRoutes } from './shares/shares';
import { storyRoutes } from './stories/stories';
import { verificationRoutes } from './verification/verification';

/**
 * The reviewers' console API, one module per area. Every route needs a reviewer or admin (some an admin); every
 * action writes its audit entry in the action's own transaction.
 */
export function opsRoutes() {
  const router = newRouter('/api/ops');
  router.use(requireStaff);
  for (const area of [verificationRoutes, storyRoutes, shareRoutes, reportRoutes, appealOpsRoutes, memberRoutes, inboxRoutes, dashboardRoutes, auditRoutes, reviewerRoutes, billingOpsRoutes]) area(router);
  return router;
}
