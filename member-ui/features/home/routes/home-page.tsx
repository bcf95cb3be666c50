import { lazy, Suspense } from 'react';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { FirstScreen } from '../../../app/layout/first-screen';
import { useSession } from '../../../lib/session';
import { LandingPage } from '../components/landing-page';

/** The dashboard's code: loaded once the session shows a member (the route starts it as soon as it knows). */
export const loadMemberHome = () => import('../components/member-home');
const MemberHome = lazy(() => loadMemberHome().then((module) => ({ default: module.MemberHome })));

/**
 * "/": the landing page for visitors, the dashboard for members; a spinner while the session loads. The landing
 * page is a visitor's first screen, so it comes with the app's initial code; the dashboard loads on demand.
 */
export function HomePage() {
  const session = useSession();
  // The member's dashboard as the server painted it (its first cards), where it did, until the app's own.
  const pending = <FirstScreen pathname="/" fallback={<FullPageSpinner />} />;
  if (session.isPending) return pending;
  if (!session.data) return <LandingPage />;
  return (
    <Suspense fallback={pending}>
      <MemberHome user={session.data} />
    </Suspense>
  );
}
