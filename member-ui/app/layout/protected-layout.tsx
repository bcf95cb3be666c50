import { Outlet } from '@tanstack/react-router';
import { useSession } from '../../lib/session';
import { ScreenPending } from './screen-pending';

/**
 * A spinner (below the screen's fixed heading, if it has one) while the auth state loads, the page when signed in.
 * Visitors are redirected by the route's beforeLoad; when the session ends on a page
 * (logout) the code ending it navigates away, so this renders nothing meanwhile.
 */
export function ProtectedLayout() {
  const session = useSession();
  if (session.isPending) return <ScreenPending />;
  if (!session.data) return null;
  return <Outlet />;
}
