import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const NOTIFICATION_POLL_MS = 30_000;

export const notificationCountPath = (userId: number) => `/api/notifications/${userId}/count`;

/** GET /api/notifications/{userId}/count, polled every 30 s while signed in. */
export function useNotificationCount(userId: number | null) {
  return useQuery({
    queryKey: [notificationCountPath(userId ?? 0)],
    queryFn: ({ signal }) => api.get<{ count: number }>(notificationCountPath(userId ?? 0), { signal }),
    enabled: userId !== null,
    refetchInterval: NOTIFICATION_POLL_MS,
    select: (data) => data.count,
  });
}
