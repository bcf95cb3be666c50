import { Link } from '@tanstack/react-router';
import Bookmark from 'lucide-react/icons/bookmark';
import Bell from 'lucide-react/icons/bell';
import ChevronRight from 'lucide-react/icons/chevron-right';
import CreditCard from 'lucide-react/icons/credit-card';
import Eye from 'lucide-react/icons/eye';
import Heart from 'lucide-react/icons/heart';
import LogOut from 'lucide-react/icons/log-out';
import SearchCheck from 'lucide-react/icons/search-check';
import Settings from 'lucide-react/icons/settings';
import Trash2 from 'lucide-react/icons/trash';
import UserPlus from 'lucide-react/icons/user-plus';
import UserX from 'lucide-react/icons/user-x';
import Users from 'lucide-react/icons/users';
import type { LucideIcon } from 'lucide-react';
import { useState } from 'react';
import type { ProfileView } from '../../../../contracts/views';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useLogout } from '../../../lib/logout';
import { paths } from '../../../lib/paths';
import { deleteProfile } from '../api/profile-mutations';
import { VerificationCard } from '../../../components/verification/verification-card';
import { WhoLikedYouPanel } from '../../../components/who-liked-you/who-liked-you-panel';
import { useSessionUser } from '../../../lib/session';
import { useHelperMode } from '../../../lib/helper-mode';

export const DELETE_PROFILE_CONFIRM = 'Are you sure you want to delete your profile? This action cannot be undone.';
/** The page reloads about a second after a profile is deleted. */
export const RELOAD_AFTER_DELETE_MS = 1000;

function MenuLink({ to, icon: Icon, title, description }: { to: string; icon: LucideIcon; title: string; description: string }) {
  return (
    <Link to={to} className="menu-row">
      <span className="menu-row__icon" aria-hidden="true">
        <Icon size={20} />
      </span>
      <span className="menu-row__text">
        <span className="menu-row__title">{title}</span>
        <span className="menu-row__description">{description}</span>
      </span>
      <ChevronRight size={18} aria-hidden="true" className="menu-row__chevron" />
    </Link>
  );
}

export function AccountTab({ profile }: { profile: ProfileView | null }) {
  const logout = useLogout();
  const user = useSessionUser();
  const mode = useHelperMode();
  const [deleting, setDeleting] = useState(false);

  const handleDeleteProfile = async () => {
    if (!profile || !window.confirm(DELETE_PROFILE_CONFIRM)) return;
    setDeleting(true);
    try {
      await deleteProfile(profile.id);
      toast({ title: 'Profile Deleted', description: 'Your profile has been deleted. You can create a new one at any time.', variant: 'success' });
      window.setTimeout(() => window.location.reload(), RELOAD_AFTER_DELETE_MS);
    } catch (error) {
      setDeleting(false);
      toast({
        title: 'Error',
        description: isApiError(error)
          ? "We couldn't delete your profile at this time. Please try again later or contact our support team."
          : "We're experiencing some technical difficulties. Please try again later or contact our support team.",
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="account-tab">
      {/* An account that helps with a profile and has none of its own is a helper: it is not asked to make one. */}
      {profile || mode.pending || mode.profiles.length > 0 ? null : (
        <Card className="create-profile-card">
          <span className="create-profile-card__icon" aria-hidden="true">
            <UserPlus size={24} />
          </span>
          <h2 className="card__title">Create Your Profile</h2>
          <p className="card__text">Add your photos, background and partner preferences so families can find you.</p>
          <Button asChild block>
            <Link to={paths.createProfile}>Create Profile</Link>
          </Button>
        </Card>
      )}
      <nav className="menu-card" aria-label="Account">
        <MenuLink to={paths.subscription} icon={CreditCard} title="Subscription" description="Manage your subscription plan" />
        <MenuLink to={paths.likedProfiles} icon={Heart} title="Liked Profiles" description="Profiles you have liked" />
        {profile ? <MenuLink to={paths.shortlist} icon={Bookmark} title="Shortlist" description="Profiles saved for later, with your notes" /> : null}
        <MenuLink to={paths.savedSearches} icon={SearchCheck} title="Saved searches" description="Searches kept by name, with morning alerts" />
        {profile ? <MenuLink to={paths.profileViews} icon={Eye} title="Who viewed me" description="Members who opened your profile" /> : null}
        <MenuLink to={paths.notifications} icon={Bell} title="Notifications" description="Your notifications and alerts" />
        <MenuLink to={paths.family} icon={Users} title="Family" description="Who helps with your profile, and what they may do" />
        <MenuLink to={paths.settings} icon={Settings} title="Settings" description="Privacy, notifications and security" />
      </nav>
      {user && profile ? <WhoLikedYouPanel userId={user.id} tier={user.subscriptionTier} /> : null}
      {user ? <VerificationCard /> : null}
      <div className="account-tab__actions">
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
        {profile ? (
          <Button variant="ghost" block className="btn--danger-ghost" disabled={deleting} onClick={() => void handleDeleteProfile()}>
            <Trash2 size={18} aria-hidden="true" />
            {deleting ? 'Deleting Profile...' : 'Delete Profile'}
          </Button>
        ) : null}
        <Button asChild variant="ghost" block className="btn--danger-ghost">
          <Link to={paths.deleteAccount}>
            <UserX size={18} aria-hidden="true" />
            Delete Account
          </Link>
        </Button>
      </div>
    </div>
  );
}
