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

export interface AppHeaderProps {
  user: SessionUser | null;
  /** Replace the logo with a back button to this href. */
  backTo?: string;
  /** Title shown next to the back button. */
  title?: string;
  /** Hide the Login button (on the login screen itself, and while it is not yet known whether one is signed in). */
  hideLogin?: boolean;
}

export function AppHeader({ user, backTo, title, hideLogin = false }: AppHeaderProps) {
  const router = useRouter();
  const { helping } = useHelperMode();
  const helpingName = helping?.candidateName ?? 'them';
  return (
    <header className="app-header">
      <div className="app-header__start">
        {backTo ? (
          <>
            <button
              type="button"
              className="icon-button"
              aria-label="Back"
              onClick={() => void router.navigate({ href: backTo })}
            >
              <ArrowLeft size={22} aria-hidden="true" />
            </button>
            {title ? <span className="app-header__title">{title}</span> : null}
          </>
        ) : (
          <Link to={paths.home} className="brand" aria-label="Saathi home">
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
              Compatibility
            </Link>
            <Tooltip content="Mood Tracking">
              <Link to={paths.moodTracking} className="icon-button" aria-label="Mood Tracking">
                <Smile size={22} aria-hidden="true" />
              </Link>
            </Tooltip>
            <NotificationBell userId={user.id} />
            {helping ? (
              // Helper mode: the header shows whose profile the app works on; it opens the candidate's profile.
              <Link to={paths.profileView} params={{ id: String(helping.profileId) }} className="avatar avatar--helping" aria-label={`Acting for ${helpingName} (their profile)`}>
                {initialOf(helpingName)}
              </Link>
            ) : (
              <Link to={paths.profile} className="avatar" aria-label={`My profile (${user.fullName})`}>
                {initialOf(user.fullName || user.username)}
              </Link>
            )}
          </>
        ) : hideLogin ? null : (
          <Button asChild size="sm">
            <Link to={paths.login}>Login</Link>
          </Button>
        )}
      </div>
    </header>
  );
}
