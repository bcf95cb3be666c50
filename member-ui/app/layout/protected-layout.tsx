import { Outlet } from '@tanstack/react-router';
import { FullPageSpinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';

/**
 * A spinner while the auth state loads, the page when signed in.
 * Visitors are redirected by the route's beforeLoad; when the session ends on a page
 * (logout) the code ending it navigates away, so this renders nothing meanwhile.
 */
export function ProtectedLayout() {
  const session = useSession();
  if (session.isPending) return <FullPageSpinner />;
  if (!session.data) return null;
  return <Outlet />;
}
