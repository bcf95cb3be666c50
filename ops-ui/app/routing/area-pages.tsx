import type { ReactElement } from 'react';
import { AppealsPage } from '../../features/appeals/appeals-page';
import { AuditPage } from '../../features/audit/audit-page';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { InboxPage } from '../../features/inbox/inbox-page';
import { MembersPage } from '../../features/members/members-page';
import { ReportsPage } from '../../features/reports/reports-page';
import { ReviewersPage } from '../../features/reviewers/reviewers-page';
import { SharesPage } from '../../features/shares/shares-page';
import { StoriesPage } from '../../features/stories/stories-page';
import { VerificationPage } from '../../features/verification/verification-page';
import type { AreaId } from '../../lib/areas';

/** The page component for each area; the compiler insists every area has one. */
export const AREA_PAGES: Record<AreaId, (props: { user: { id: number; role: string } }) => ReactElement> = {
  dashboard: DashboardPage,
  verification: VerificationPage,
  stories: StoriesPage,
  shares: SharesPage,
  reports: ReportsPage,
  appeals: AppealsPage,
  members: MembersPage,
  inbox: InboxPage,
  audit: AuditPage,
  reviewers: ReviewersPage,
};
