import { Link, useRouter } from '@tanstack/react-router';
import Bell from 'lucide-react/icons/bell';
import { useState } from 'react';
import { CountBadge } from '../../../components/ui/badge';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { toast } from '../../../components/ui/toast';
import { badgeCount } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useNotificationCount } from '../api/notification-count';
import { type AppNotification, failureReason, useMarkNotificationRead } from '../api/notifications-list';
import { notificationTarget } from '../api/notification-target';
import { NotificationList } from './notification-list';

/** Header bell: unread badge ("9+" above 9) and a 350 px popover listing notifications. */
export function NotificationBell({ userId }: { userId: number }) {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const { data: unread = 0 } = useNotificationCount(userId);
  const markRead = useMarkNotificationRead(userId);
  const label = badgeCount(unread);

  function handleSelect(notification: AppNotification) {
    if (!notification.isRead) {
      markRead.mutate(notification.id, {
        onError: (error) =>
          toast({
            title: 'Error',
            description: `Failed to mark notification as read: ${failureReason(error)}`,
            variant: 'destructive',
          }),
      });
    }
    const target = notificationTarget(notification);
    if (target) {
      setOpen(false);
      void router.navigate({ href: target });
    }
  }

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button
          type="button"
          className="icon-button"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          <Bell size={22} aria-hidden="true" />
          <CountBadge label={label} description={`${unread} unread notifications`} />
        </button>
      </PopoverTrigger>
      <PopoverContent align="end" className="notification-popover" aria-label="Notifications">
        <div className="notification-popover__header">
          <h2 className="notification-popover__title">Notifications</h2>
        </div>
        <div className="notification-popover__list">
          <NotificationList userId={userId} open={open} onSelect={handleSelect} />
        </div>
        <div className="notification-popover__footer">
          <PopoverClose asChild>
            <Link to={paths.notifications} className="text-link">
              View all notifications
            </Link>
          </PopoverClose>
        </div>
      </PopoverContent>
    </Popover>
  );
}
