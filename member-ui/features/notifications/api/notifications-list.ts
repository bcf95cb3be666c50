import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationView } from '../../../../contracts/views';
import { toast } from '../../../components/ui/toast';
import { api } from '../../../lib/api-client';
import { notificationCountPath } from './notification-count';

export type AppNotification = NotificationView;

export const notificationsPath = (userId: number) => `/api/notifications/${userId}`;

/** GET /api/notifications/{userId}: fetched only while the popover (or page) is open. */
export function useNotifications(userId: number | null, open: boolean) {
  return useQuery({
    queryKey: [notificationsPath(userId ?? 0)],
    queryFn: ({ signal }) => api.get<AppNotification[]>(notificationsPath(userId ?? 0), { signal }),
    enabled: userId !== null && open,
    // Re-read on every opening rather than trusting the app-wide "never stale" default.
    staleTime: 0,
  });
}

function useRefreshNotifications(userId: number | null) {
  const queryClient = useQueryClient();
  return () => {
    if (userId === null) return;
    void queryClient.invalidateQueries({ queryKey: [notificationsPath(userId)] });
    void queryClient.invalidateQueries({ queryKey: [notificationCountPath(userId)] });
  };
}

/** The reason part of "Failed to … : {reason}": the server's message, else the error text. */
export function failureReason(error: Error): string {
  const serverMessage = (error as { serverMessage?: string }).serverMessage;
  return serverMessage ?? error.message;
}

/** PATCH /api/notifications/{id}/mark-read, then refresh the list and the badge. */
export function useMarkNotificationRead(userId: number | null) {
  const queryClient = useQueryClient();
  const refresh = useRefreshNotifications(userId);
  return useMutation({
    mutationFn: (notificationId: number) => api.patch<AppNotification>(`/api/notifications/${notificationId}/mark-read`),
    onMutate: (notificationId) => {
      // Shown as read at once; the refresh below corrects it if the server disagrees.
      if (userId === null) return;
      queryClient.setQueryData<AppNotification[]>([notificationsPath(userId)], (list) =>
        list?.map((n) => (n.id === notificationId ? { ...n, isRead: true, is_read: true } : n)),
      );
    },
    // Said the same way wherever a notification is opened (the bell's list, the notifications page).
    onError: (error) =>
      toast({ title: 'Error', description: `Failed to mark notification as read: ${failureReason(error)}`, variant: 'destructive' }),
    onSettled: refresh,
  });
}

/** PATCH /api/notifications/{userId}/mark-all-read. */
export function useMarkAllNotificationsRead(userId: number | null) {
  const refresh = useRefreshNotifications(userId);
  return useMutation({
    mutationFn: () => api.patch<{ message: string; updated: number }>(`/api/notifications/${userId ?? 0}/mark-all-read`),
    onSettled: refresh,
  });
}
