import { useQuery } from '@tanstack/react-query';
import type { ConversationView } from '../../../../contracts/views';
import { api } from '../../../lib/api-client';
import { actingHeaders } from '../../../lib/helper-mode';

export const conversationsPath = (userId: number) => `/api/messages/${userId}`;

/**
 * GET /api/messages/{userId}: one summary per conversation, newest first (live events keep it fresh). In helper mode
 * `userId` is the candidate's account and `actingFor` their profile: the conversations family may see.
 */
export function useConversations(userId: number, actingFor: number | null = null, enabled = true) {
  return useQuery({
    queryKey: actingFor ? [conversationsPath(userId), { actingFor }] : [conversationsPath(userId)],
    queryFn: ({ signal }) => api.get<ConversationView[]>(conversationsPath(userId), { signal, headers: actingHeaders(actingFor) }),
    enabled,
    // Re-read whenever the list is opened; messages may have arrived while it was closed.
    staleTime: 0,
  });
}
