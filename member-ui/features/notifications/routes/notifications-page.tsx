import BellOff from 'lucide-react/icons/bell-off';
import CheckCheck from 'lucide-react/icons/check-check';
import PartyPopper from 'lucide-react/icons/party-popper';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast';
import { useSessionUser } from '../../../lib/session';
import {
  type AppNotification,
  failureReason,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../api/notifications-list';
import { notificationTarget } from '../api/notification-target';
import { useOpenNotification } from '../api/use-open-notification';
import { NotificationCard } from '../components/notification-card';

/** Relative times are re-read every minute so "5 mins ago" does not freeze. */
function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function EmptyState({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="inbox-empty">
      <span className="inbox-empty__icon" aria-hidden="true">
        {icon}
      </span>
      <p className="inbox-empty__title">{title}</p>
      <p className="inbox-empty__text">{text}</p>
    </div>
  );
}

/** /notifications: all and unread tabs, mark one or all as read. */
export function NotificationsPage() {
  const user = useSessionUser();
  const userId = user?.id ?? null;
  const openNotification = useOpenNotification();
  const now = useNow();
  const notifications = useNotifications(userId, true);
  const markRead = useMarkNotificationRead(userId);
  const markAll = useMarkAllNotificationsRead(userId);
  const [tab, setTab] = useState<'all' | 'unread'>('all');

  const list = notifications.data ?? [];
  const unread = list.filter((n) => !n.isRead);

  function markOne(notification: AppNotification) {
    markRead.mutate(notification.id);
  }

  function open(notification: AppNotification) {
    if (!notification.isRead) markOne(notification);
    openNotification(notification);
  }

  function markEverything() {
    markAll.mutate(undefined, {
      onSuccess: () => toast({ title: 'Success', description: 'All notifications marked as read', variant: 'success' }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: `Failed to mark all notifications as read: ${failureReason(error)}`,
          variant: 'destructive',
        }),
    });
  }

  const renderList = (items: AppNotification[], empty: ReactNode) => {
    if (notifications.isPending) {
      return (
        <div className="notifications-page__state" role="status">
          <Spinner size={28} />
          <span className="visually-hidden">Loading notifications</span>
        </div>
      );
    }
    if (notifications.isError) {
      return (
        <div className="notifications-page__state" role="alert">
          <p>Could not load your notifications.</p>
          <Button variant="outline" size="sm" onClick={() => void notifications.refetch()}>
            Try Again
          </Button>
        </div>
      );
    }
    if (items.length === 0) return empty;
    return (
      <ul className="notification-cards">
        {items.map((notification) => (
          <NotificationCard
            key={notification.id}
            notification={notification}
            now={now}
            onOpen={notificationTarget(notification) ? open : null}
            onMarkRead={markOne}
            marking={markRead.isPending && markRead.variables === notification.id}
          />
        ))}
      </ul>
    );
  };

  return (
    <section className="page notifications-page" aria-labelledby="page-title">
      <header className="notifications-page__header">
        <h1 id="page-title" className="page__title">
          Your Notifications
        </h1>
        {unread.length > 0 ? (
          <Button variant="outline" size="sm" onClick={markEverything} disabled={markAll.isPending}>
            <CheckCheck size={16} aria-hidden="true" />
            Mark all as read
          </Button>
        ) : null}
      </header>
      <Tabs value={tab} onValueChange={(value) => setTab(value === 'unread' ? 'unread' : 'all')} className="tabs">
        <TabsList aria-label="Notification filter">
          <TabsTrigger value="all">All Notifications</TabsTrigger>
          <TabsTrigger value="unread">
            Unread
            {unread.length > 0 ? <span className="tabs__count">{unread.length}</span> : null}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="all">
          {renderList(
            list,
            <EmptyState
              icon={<BellOff size={28} />}
              title="No notifications"
              text="You don't have any notifications at the moment"
            />,
          )}
        </TabsContent>
        <TabsContent value="unread">
          {renderList(
            unread,
            <EmptyState
              icon={<PartyPopper size={28} />}
              title="All caught up!"
              text="You don't have any unread notifications"
            />,
          )}
        </TabsContent>
      </Tabs>
    </section>
  );
}
