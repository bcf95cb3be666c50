import { Link } from '@tanstack/react-router';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import House from 'lucide-react/icons/house';
import MessageCircle from 'lucide-react/icons/message-circle';
import Search from 'lucide-react/icons/search';
import Smile from 'lucide-react/icons/smile';
import User from 'lucide-react/icons/user';
import type { LucideIcon } from 'lucide-react';
import { CountBadge } from '../../components/ui/badge';
import { cn } from '../../components/ui/cn';
import { useUnreadMessageCount } from '../../features/messages/api/unread-count';
import { useHelperMode } from '../../lib/helper-mode';
import { badgeCount } from '../../lib/format';
import { type AppPath, paths } from '../../lib/paths';

interface NavItem {
  to: AppPath;
  label: string;
  icon: LucideIcon;
  isActive: (pathname: string) => boolean;
}

const under = (prefix: string) => (pathname: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
const exactly = (path: string) => (pathname: string) => pathname === path;

const NAV_ITEMS: NavItem[] = [
  { to: paths.home, label: 'Home', icon: House, isActive: exactly('/') },
  { to: paths.search, label: 'Search', icon: Search, isActive: under('/search') },
  { to: paths.likedProfiles, label: 'Match', icon: HeartHandshake, isActive: under('/liked-profiles') },
  { to: paths.moodTracking, label: 'Mood', icon: Smile, isActive: under('/mood-tracking') },
  // Messages is active also for paths beginning /chat.
  {
    to: paths.messages,
    label: 'Messages',
    icon: MessageCircle,
    isActive: (pathname) => under('/messages')(pathname) || under('/chat')(pathname),
  },
  { to: paths.profile, label: 'Profile', icon: User, isActive: exactly('/profile') },
];

/** Bottom tab bar, shown only to signed-in members (userId null: on a members-only page, the session still loading). */
export function BottomNav({ userId, pathname }: { userId: number | null; pathname: string }) {
  // Helper mode: Messages is the candidate's conversations family may read (none while the candidate does not let
  // family write), so the badge counts those, never the helper's own.
  const { helping, settled } = useHelperMode();
  const countFor = !settled ? null : helping ? (helping.may.message ? helping.candidateUserId : null) : userId;
  const { data: unreadMessages = 0 } = useUnreadMessageCount(countFor, helping?.profileId ?? null);
  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul className="bottom-nav__list">
        {NAV_ITEMS.map((item) => {
          const active = item.isActive(pathname);
          const Icon = item.icon;
          return (
            <li key={item.label}>
              <Link
                to={item.to}
                className={cn('bottom-nav__link', active && 'bottom-nav__link--active')}
                aria-current={active ? 'page' : undefined}
              >
                <span className="bottom-nav__icon">
                  <Icon size={22} aria-hidden="true" />
                  {item.to === paths.messages ? (
                    <CountBadge label={badgeCount(unreadMessages)} description={`${unreadMessages} unread messages`} />
                  ) : null}
                </span>
                <span className="bottom-nav__label">{item.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
