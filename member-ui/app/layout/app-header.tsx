import { Link, useRouter } from '@tanstack/react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Heart from 'lucide-react/icons/heart';
import Smile from 'lucide-react/icons/smile';
import Sparkles from 'lucide-react/icons/sparkles';
import type { SessionUser } from '../../../contracts/auth';
import { Button } from '../../components/ui/button';
import { Tooltip } from '../../components/ui/tooltip';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { initialOf } from '../../lib/format';
import { useHelperMode } from '../../lib/helper-mode';
import { paths } from '../../lib/paths';
import type { MessageId } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';

export interface AppHeaderProps {
  user: SessionUser | null;
  /** Replace the logo with a back button to this href. */
  backTo?: string;
  /** Title shown next to the back button: a catalogue id. */
  title?: MessageId;
  /** Hide the Login button (on the login screen itself, and while it is not yet known whether one is signed in). */
  hideLogin?: boolean;
}

export function AppHeader({ user, backTo, title, hideLogin = false }: AppHeaderProps) {
  const router = useRouter();
  const t = useT();
  const { helping } = useHelperMode();
  const helpingName = helping?.candidateName ?? t('helper.them');
  return (
    <header className="app-header">
      <div className="app-header__start">
        {backTo ? (
          <>
            <button
              type="button"
              className="icon-button"
              aria-label={t('header.back')}
              onClick={() => void router.navigate({ href: backTo })}
            >
              <ArrowLeft size={22} aria-hidden="true" />
            </button>
            {title ? <span className="app-header__title">{t(title)}</span> : null}
          </>
        ) : (
          <Link to={paths.home} className="brand" aria-label={t('app.brandHome')}>
            <span className="brand__mark" aria-hidden="true">
              <Heart size={16} fill="currentColor" />
            </span>
            <span className="brand__name">Saathi</span>
          </Link>
        )}
      </div>
      <div className="app-header__actions">
        {user ? (
          <>
            <Link to={paths.compatibility} className="header-pill">
              <Sparkles size={14} aria-hidden="true" />
              {t('header.compatibility')}
            </Link>
            <Tooltip content={t('header.moodTracking')}>
              <Link to={paths.moodTracking} className="icon-button" aria-label={t('header.moodTracking')}>
                <Smile size={22} aria-hidden="true" />
              </Link>
            </Tooltip>
            <NotificationBell userId={user.id} />
            {helping ? (
              // Helper mode: the header shows whose profile the app works on; it opens the candidate's profile.
              <Link to={paths.profileView} params={{ id: String(helping.profileId) }} className="avatar avatar--helping" aria-label={t('header.actingFor', { name: helpingName })}>
                {initialOf(helpingName)}
              </Link>
            ) : (
              <Link to={paths.profile} className="avatar" aria-label={t('header.myProfile', { name: user.fullName })}>
                {initialOf(user.fullName || user.username)}
              </Link>
            )}
          </>
        ) : hideLogin ? null : (
          <Button asChild size="sm">
            <Link to={paths.login}>{t('landing.login')}</Link>
          </Button>
        )}
      </div>
    </header>
  );
}
