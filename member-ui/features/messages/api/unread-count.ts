import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const UNREAD_MESSAGES_POLL_MS = 30_000;

export const unreadMessagesPath = (userId: number) => `/api/messages/${userId}/unread-count`;

/** GET /api/messages/{userId}/unread-count: the Messages badge shows this real count (not a fixed "3"). */
export function useUnreadMessageCount(userId: number | null) {
  return useQuery({
    queryKey: [unreadMessagesPath(userId ?? 0)],
    queryFn: ({ signal }) => api.get<{ count: number }>(unreadMessagesPath(userId ?? 0), { signal }),
    enabled: userId !== null,
    refetchInterval: UNREAD_MESSAGES_POLL_MS,
    select: (data) => data.count,
  });
}
