import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { actingHeaders } from '../../../lib/helper-mode';

export const UNREAD_MESSAGES_POLL_MS = 30_000;

export const unreadMessagesPath = (userId: number) => `/api/messages/${userId}/unread-count`;

/**
 * GET /api/messages/{userId}/unread-count: the Messages badge shows this real count (not a fixed "3"). In helper mode
 * `acting` is the candidate's profile and `userId` their account: the server counts only the conversations family
 * may read.
 */
export function useUnreadMessageCount(userId: number | null, acting: number | null = null) {
  return useQuery({
    queryKey: [unreadMessagesPath(userId ?? 0), acting],
    queryFn: ({ signal }) => api.get<{ count: number }>(unreadMessagesPath(userId ?? 0), { signal, headers: actingHeaders(acting) }),
    enabled: userId !== null,
    refetchInterval: UNREAD_MESSAGES_POLL_MS,
    select: (data) => data.count,
  });
}
