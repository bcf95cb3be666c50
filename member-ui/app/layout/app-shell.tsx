import { Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import { cn } from '../../components/ui/cn';
import { paths } from '../../lib/paths';
import { useSessionUser } from '../../lib/session';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';
import { LiveUpdates } from './live-updates';
import { RouteAnnouncer } from './route-announcer';

/** Root layout: header, the screen, and the members' tab bar. */
export function AppShell() {
  const user = useSessionUser();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const staticData = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData });

  if (staticData?.bare) {
    return (
      <>
        <RouteAnnouncer />
        <Outlet />
      </>
    );
  }

  return (
    <div className={cn('app-frame', user && 'app-frame--member', staticData?.fill && 'app-frame--fill')}>
      <AppHeader
        user={user}
        backTo={staticData?.header?.backTo}
        title={staticData?.header?.title}
        hideLogin={pathname === paths.login}
      />
      <main className="app-main" id="main">
        <Outlet />
      </main>
      {user ? <BottomNav userId={user.id} pathname={pathname} /> : null}
      {user ? <LiveUpdates userId={user.id} /> : null}
      <RouteAnnouncer />
    </div>
  );
}
