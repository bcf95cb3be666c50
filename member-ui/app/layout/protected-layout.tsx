import { Navigate, Outlet, useLocation } from '@tanstack/react-router';
import { FullPageSpinner } from '../../components/ui/spinner';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';

/**
 * Spec part 1 §4: a spinner while the auth state loads, the page when signed in, /login when not.
 * The route's beforeLoad handles first entry; this covers the session ending while on a page.
 */
export function ProtectedLayout() {
  const session = useSession();
  const href = useLocation({ select: (location) => location.href });
  if (session.isPending) return <FullPageSpinner />;
  if (!session.data) return <Navigate to={paths.login} search={{ redirectTo: href }} replace />;
  return <Outlet />;
}
