import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { relativeTime } from '../../../lib/format';
import type { AppNotification } from '../api/notifications-list';
import { NotificationIcon } from './notification-icon';

/** One notification on /notifications: icon by type, title, content, relative time; "New" + "Mark as read" when unread. */
export function NotificationCard({
  notification,
  now,
  onOpen,
  onMarkRead,
  marking,
}: {
  notification: AppNotification;
  now: Date;
  /** Opens what the notification is about; null when it leads nowhere. */
  onOpen: ((notification: AppNotification) => void) | null;
  onMarkRead: (notification: AppNotification) => void;
  marking: boolean;
}) {
  const unread = !notification.isRead;
  const body = (
    <>
      <NotificationIcon type={notification.type} />
      <span className="notification-card__text">
        {notification.forProfile ? <span className="notification-for">For {notification.forProfile.name}</span> : null}
        <span className="notification-card__title">{notification.title}</span>
        {notification.content ? <span className="notification-card__content">{notification.content}</span> : null}
        <time className="notification-card__time" dateTime={notification.createdAt}>
          {relativeTime(notification.createdAt, now)}
        </time>
      </span>
    </>
  );
  return (
    <li className={cn('notification-card', unread && 'notification-card--unread')}>
      {onOpen ? (
        <button type="button" className="notification-card__main" onClick={() => onOpen(notification)}>
          {body}
        </button>
      ) : (
        <div className="notification-card__main">{body}</div>
      )}
      {unread ? (
        <div className="notification-card__aside">
          <Badge tone="saffron">New</Badge>
          <Button
            variant="ghost"
            size="sm"
            className="notification-card__mark"
            disabled={marking}
            aria-label={`Mark as read: ${notification.title}`}
            onClick={() => onMarkRead(notification)}
          >
            Mark as read
          </Button>
        </div>
      ) : null}
    </li>
  );
}
