import { lazy, Suspense } from 'react';
import { FullPageSpinner } from '../../../components/ui/spinner';
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
  if (session.isPending) return <FullPageSpinner />;
  if (!session.data) return <LandingPage />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <MemberHome user={session.data} />
    </Suspense>
  );
}
