import Bell from 'lucide-react/icons/bell';
import { type ButtonHTMLAttributes, type ReactElement, cloneElement, lazy, Suspense, useState } from 'react';
import { CountBadge } from '../../../components/ui/badge';
import { badgeCount } from '../../../lib/format';
import { useNotificationCount } from '../api/notification-count';
import { translate } from '../../../i18n/translate';

// The popover (Radix's, with its positioning library: ~40 KB) is not start-up code: its module is fetched when the
// member points at or focuses the bell, and shown when they press it.
const loadPopover = () => import('./notification-popover');
const NotificationPopover = lazy(() => loadPopover().then((module) => ({ default: module.NotificationPopover })));

/** Header bell: unread badge ("9+" above 9) and a 350 px popover listing notifications. */
export function NotificationBell({ userId }: { userId: number }) {
  const [open, setOpen] = useState(false);
  const [pressed, setPressed] = useState(false);
  const { data: unread = 0 } = useNotificationCount(userId);
  const label = badgeCount(unread);

  const trigger: ReactElement<ButtonHTMLAttributes<HTMLButtonElement>> = (
    <button type="button" className="icon-button" aria-label={unread > 0 ? translate('notifications.bellUnread', { count: unread }) : translate('notifications.bell')}>
      <Bell size={22} aria-hidden="true" />
      <CountBadge label={label} description={translate('notifications.unreadCount', { count: unread })} />
    </button>
  );
  // Until the popover is wanted (and while its code arrives) the same button, closed.
  const closedTrigger = cloneElement(trigger, {
    'aria-haspopup': 'dialog',
    'aria-expanded': false,
    onPointerEnter: () => void loadPopover(),
    onFocus: () => void loadPopover(),
    onClick: () => {
      setPressed(true);
      setOpen(true);
    },
  } satisfies ButtonHTMLAttributes<HTMLButtonElement>);
  if (!pressed) return closedTrigger;
  return (
    <Suspense fallback={closedTrigger}>
      <NotificationPopover userId={userId} open={open} onOpenChange={setOpen} trigger={trigger} />
    </Suspense>
  );
}
