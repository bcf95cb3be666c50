import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../components/ui/cn';
import { relativeTime } from '../../../lib/format';
import { type AppNotification, useNotifications } from '../api/notifications-list';

export function NotificationList({
  userId,
  open,
  onSelect,
}: {
  userId: number;
  open: boolean;
  onSelect: (notification: AppNotification) => void;
}) {
  const notifications = useNotifications(userId, open);

  if (notifications.isPending) {
    return (
      <div className="notification-list__state" role="status">
        <Spinner />
        <span className="visually-hidden">Loading notifications</span>
      </div>
    );
  }
  if (notifications.isError) {
    return <p className="notification-list__state">Could not load notifications.</p>;
  }
  if (notifications.data.length === 0) {
    return <p className="notification-list__state">No notifications yet</p>;
  }
  return (
    <ul className="notification-list">
      {notifications.data.map((notification) => (
        <li key={notification.id}>
          <button
            type="button"
            className={cn('notification-item', !notification.isRead && 'notification-item--unread')}
            onClick={() => onSelect(notification)}
          >
            <span className="notification-item__dot" aria-hidden="true" />
            <span className="notification-item__text">
              {notification.forProfile ? <span className="notification-for">For {notification.forProfile.name}</span> : null}
              <span className="notification-item__title">{notification.title}</span>
              <span className="notification-item__content">{notification.content}</span>
              <span className="notification-item__time">{relativeTime(notification.createdAt)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
