import { FullPageSpinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';
import { LandingPage } from '../components/landing-page';
import { MemberHome } from '../components/member-home';

/** "/": the landing page for visitors, the dashboard for members; a spinner while the session loads. */
export function HomePage() {
  const session = useSession();
  if (session.isPending) return <FullPageSpinner />;
  return session.data ? <MemberHome user={session.data} /> : <LandingPage />;
}
