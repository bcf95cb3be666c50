import { LogOut } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Page } from '../../../components/ui/page';
import { toast } from '../../../components/ui/toast';
import { initialOf } from '../../../lib/format';
import { useLogout } from '../../../lib/logout';
import { useSessionUser } from '../../../lib/session';

/** Own profile; the Account / View / Edit tabs arrive with later work. Logout is usable now. */
export function OwnProfilePage() {
  const user = useSessionUser();
  const logout = useLogout();
  if (!user) return null;
  return (
    <Page title="My Profile">
      <Card className="profile-summary">
        <span className="avatar avatar--lg" aria-hidden="true">
          {initialOf(user.fullName || user.username)}
        </span>
        <div>
          <p className="profile-summary__name">{user.fullName}</p>
          <p className="profile-summary__meta">@{user.username}</p>
        </div>
      </Card>
      <Button
        variant="outline"
        block
        disabled={logout.isPending}
        onClick={() =>
          logout.mutate(undefined, {
            onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
          })
        }
      >
        <LogOut size={18} aria-hidden="true" />
        {logout.isPending ? 'Logging out...' : 'Logout'}
      </Button>
    </Page>
  );
}
