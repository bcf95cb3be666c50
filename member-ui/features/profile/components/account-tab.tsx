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
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/catalogue';

/** The page reloads about a second after a profile is deleted. */
export const RELOAD_AFTER_DELETE_MS = 1000;

/** A row of the account menu; its title and description are `editor.menu.<name>` and `editor.menu.<name>Text`. */
function MenuLink({ to, icon: Icon, name }: { to: string; icon: LucideIcon; name: string }) {
  const t = useT();
  return (
    <Link to={to} className="menu-row">
      <span className="menu-row__icon" aria-hidden="true">
        <Icon size={20} />
      </span>
      <span className="menu-row__text">
        <span className="menu-row__title">{t(`editor.menu.${name}` as MessageId)}</span>
        <span className="menu-row__description">{t(`editor.menu.${name}Text` as MessageId)}</span>
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
  const t = useT();

  const handleDeleteProfile = async () => {
    if (!profile || !window.confirm(t('editor.deleteConfirm'))) return;
    setDeleting(true);
    try {
      await deleteProfile(profile.id);
      toast({ title: t('editor.deleted'), description: t('editor.deletedText'), variant: 'success' });
      window.setTimeout(() => window.location.reload(), RELOAD_AFTER_DELETE_MS);
    } catch (error) {
      setDeleting(false);
      toast({
        title: t('common.error'),
        description: isApiError(error) ? t('editor.deleteFailed') : t('editor.deleteTrouble'),
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
          <h2 className="card__title">{t('wizard.title')}</h2>
          <p className="card__text">{t('editor.createText')}</p>
          <Button asChild block>
            <Link to={paths.createProfile}>{t('editor.create')}</Link>
          </Button>
        </Card>
      )}
      <nav className="menu-card" aria-label={t('editor.account')}>
        <MenuLink to={paths.subscription} icon={CreditCard} name="subscription" />
        <MenuLink to={paths.likedProfiles} icon={Heart} name="liked" />
        {profile ? <MenuLink to={paths.shortlist} icon={Bookmark} name="shortlist" /> : null}
        <MenuLink to={paths.savedSearches} icon={SearchCheck} name="savedSearches" />
        {profile ? <MenuLink to={paths.profileViews} icon={Eye} name="views" /> : null}
        <MenuLink to={paths.notifications} icon={Bell} name="notifications" />
        <MenuLink to={paths.family} icon={Users} name="family" />
        <MenuLink to={paths.settings} icon={Settings} name="settings" />
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
              onError: (error) => toast({ title: t('common.error'), description: error.message, variant: 'destructive' }),
            })
          }
        >
          <LogOut size={18} aria-hidden="true" />
          {logout.isPending ? t('editor.loggingOut') : t('editor.logout')}
        </Button>
        {profile ? (
          <Button variant="ghost" block className="btn--danger-ghost" disabled={deleting} onClick={() => void handleDeleteProfile()}>
            <Trash2 size={18} aria-hidden="true" />
            {deleting ? t('editor.deleting') : t('editor.deleteProfile')}
          </Button>
        ) : null}
        <Button asChild variant="ghost" block className="btn--danger-ghost">
          <Link to={paths.deleteAccount}>
            <UserX size={18} aria-hidden="true" />
            {t('editor.deleteAccount')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
