import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationCountPath } from './notification-count';

export interface AppNotification {
  id: number;
  type: string;
  title: string;
  content: string;
  isRead: boolean;
  createdAt: string;
  relatedItemId: number | null;
}

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

/** PATCH /api/notifications/{id}/mark-read, then refresh the list and the badge. */
export function useMarkNotificationRead(userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: number) => api.patch<unknown>(`/api/notifications/${notificationId}/mark-read`),
    onSettled: () => {
      if (userId === null) return;
      void queryClient.invalidateQueries({ queryKey: [notificationsPath(userId)] });
      void queryClient.invalidateQueries({ queryKey: [notificationCountPath(userId)] });
    },
  });
}
