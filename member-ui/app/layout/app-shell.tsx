import { Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { cn } from '../../components/ui/cn';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';
import { HelperBar } from './helper-bar';
import { LiveUpdates } from './live-updates';
import { RouteAnnouncer } from './route-announcer';

// The call layer (rings, the call screen) is loaded after the first screen: it weighs nothing on it.
const CallLayer = lazy(() => import('../../features/calls/components/call-layer').then((m) => ({ default: m.CallLayer })));

/** Root layout: header, the screen, the members' tab bar, and a video call over them when there is one. */
export function AppShell() {
  const session = useSession();
  const user = session.data ?? null;
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const staticData = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData });
  // A members-only page has the member's frame (tab bar, its reserved space) from the first frame, also while the
  // session is still on its way: drawn without them and then with them, the page's content moved (the chat's
  // message box rose by the tab bar's height).
  const memberPage = useMatches({ select: (matches) => matches.some((match) => match.staticData?.member) });
  const member = user !== null || memberPage;

  if (staticData?.bare) {
    return (
      <>
        <RouteAnnouncer />
        <Outlet />
      </>
    );
  }

  return (
    <div className={cn('app-frame', member && 'app-frame--member', staticData?.fill && 'app-frame--fill')}>
      <AppHeader
        user={user}
        backTo={staticData?.header?.backTo}
        title={staticData?.header?.title}
        hideLogin={pathname === paths.login || session.isPending}
      />
      <main className="app-main" id="main">
        {user && !staticData?.fill ? <HelperBar /> : null}
        <Outlet />
      </main>
      {member ? <BottomNav userId={user?.id ?? null} pathname={pathname} /> : null}
      {user ? <LiveUpdates userId={user.id} /> : null}
      {user ? (
        <Suspense fallback={null}>
          <CallLayer userId={user.id} />
        </Suspense>
      ) : null}
      <RouteAnnouncer />
    </div>
  );
}
