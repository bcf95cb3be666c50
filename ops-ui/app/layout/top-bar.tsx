import { LogOut } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import type { OpsUser } from '../../features/auth/api/ops-session';
import { useSignOut } from '../../features/auth/api/sign-out';

const ROLE_LABELS: Record<OpsUser['role'], string> = { admin: 'Admin', reviewer: 'Reviewer' };

export function TopBar({ user }: { user: OpsUser }) {
  const signOut = useSignOut();
  return (
    <header className="ops-topbar">
      <div className="ops-topbar__spacer" />
      {signOut.isError ? (
        <p role="alert" className="ops-topbar__error">
          Signing out failed. Please try again.
        </p>
      ) : null}
      <div className="ops-topbar__user">
        <span className="ops-topbar__name">{user.fullName}</span>
        <Badge tone={user.role === 'admin' ? 'accent' : 'neutral'}>{ROLE_LABELS[user.role]}</Badge>
      </div>
      <Button size="sm" variant="ghost" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        <LogOut aria-hidden="true" size={16} />
        <span>{signOut.isPending ? 'Signing out…' : 'Sign out'}</span>
      </Button>
    </header>
  );
}
