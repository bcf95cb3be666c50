import { useQuery } from '@tanstack/react-query';
import type { ConversationView } from '../../../../contracts/views';
import { api } from '../../../lib/api-client';

export const conversationsPath = (userId: number) => `/api/messages/${userId}`;

/** GET /api/messages/{userId}: one summary per conversation, newest first (live events keep it fresh). */
export function useConversations(userId: number) {
  return useQuery({
    queryKey: [conversationsPath(userId)],
    queryFn: ({ signal }) => api.get<ConversationView[]>(conversationsPath(userId), { signal }),
    // Re-read whenever the list is opened; messages may have arrived while it was closed.
    staleTime: 0,
  });
}
