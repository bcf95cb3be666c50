import { type ReactElement, useEffect } from 'react';
import type { OpsUser } from '../../features/auth/api/ops-session';
import { AppealPage } from '../../features/appeals/appeal-page';
import { MemberPage } from '../../features/members/member-page';
import { ReportPage } from '../../features/reports/report-page';
import { AdminOnlyPage } from '../routing/admin-only-page';
import { AREA_PAGES } from '../routing/area-pages';
import { matchRoute } from '../routing/match-route';
import { NotFoundPage } from '../routing/not-found-page';
import { usePathname } from '../routing/router';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

/** The signed-in console: sidebar, top bar and the page for the current address. */
export function OpsShell({ user }: { user: OpsUser }) {
  const pathname = usePathname();
  const match = matchRoute(pathname);
  // Record pages set their own title once they know the record's name.
  const pageTitle = match.kind === 'area' ? match.area.title : match.kind === 'not-found' ? 'Page not found' : null;

  useEffect(() => {
    if (pageTitle) document.title = `${pageTitle} · Saathi Ops`;
  }, [pageTitle]);

  let page: ReactElement;
  if (match.kind === 'not-found') page = <NotFoundPage />;
  else if (match.kind === 'member') page = <MemberPage key={match.id} id={match.id} />;
  else if (match.kind === 'report') page = <ReportPage key={match.id} id={match.id} />;
  else if (match.kind === 'appeal') page = <AppealPage key={match.id} id={match.id} />;
  else if (match.area.adminOnly && user.role !== 'admin') page = <AdminOnlyPage />;
  else {
    const AreaPage = AREA_PAGES[match.area.id];
    page = <AreaPage user={user} />;
  }

  return (
    <div className="ops-shell">
      <Sidebar user={user} pathname={pathname} />
      <div className="ops-shell__main">
        <TopBar user={user} />
        <main className="ops-content">{page}</main>
      </div>
    </div>
  );
}
