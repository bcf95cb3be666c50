import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { paths } from '../../../lib/paths';
import { type AppNotification, useMarkNotificationRead } from '../api/notifications-list';
import { useOpenNotification } from '../api/use-open-notification';
import { NotificationList } from './notification-list';

/** The bell's 350 px popover listing notifications, opened by `trigger` (see NotificationBell). */
export function NotificationPopover({
  userId,
  open,
  onOpenChange,
  trigger,
}: {
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactElement;
}) {
  const markRead = useMarkNotificationRead(userId);
  const openNotification = useOpenNotification();

  function handleSelect(notification: AppNotification) {
    if (!notification.isRead) markRead.mutate(notification.id);
    if (openNotification(notification)) onOpenChange(false);
  }

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
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
