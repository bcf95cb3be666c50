import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../../contracts/auth';
import type { ChatPeerView, MessageView } from '../../../../contracts/views';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';
import { conversationsPath } from './conversations';
import { unreadMessagesPath } from './unread-count';

export const threadPath = (userId: number, otherId: number) => `/api/messages/${userId}/${otherId}`;
export const peerPath = (userId: number, otherId: number) => `/api/messages/${userId}/${otherId}/peer`;

const PEER_REFRESH_MS = 60_000;

/** GET /api/messages/{userId}/{otherId}: the thread, oldest first. Reading it marks the other side's messages read. */
export function useThread(userId: number, otherId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [threadPath(userId, otherId)],
    queryFn: async ({ signal }) => {
      const messages = await api.get<MessageView[]>(threadPath(userId, otherId), { signal });
      // Opening the thread read its messages: the badge and the list's unread dot change.
      void queryClient.invalidateQueries({ queryKey: [unreadMessagesPath(userId)] });
      void queryClient.invalidateQueries({ queryKey: [conversationsPath(userId)] });
      return messages;
    },
    staleTime: 0,
  });
}

/** GET …/peer: name, presence (as far as their privacy allows) and whether you may message them. */
export function usePeer(userId: number, otherId: number) {
  return useQuery({
    queryKey: [peerPath(userId, otherId)],
    queryFn: ({ signal }) => api.get<ChatPeerView>(peerPath(userId, otherId), { signal }),
    staleTime: 0,
    refetchInterval: PEER_REFRESH_MS,
  });
}

/** Adds a message to a cached thread unless it is already there (live events and the POST answer overlap). */
export function appendMessage(list: MessageView[] | undefined, message: MessageView): MessageView[] | undefined {
  if (!list) return list;
  if (list.some((m) => m.id === message.id)) return list;
  return [...list, message];
}

/** POST /api/messages {senderId, receiverId, content}. */
export function useSendMessage(userId: number, otherId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api.post<MessageView>('/api/messages', { json: { senderId: userId, receiverId: otherId, content } }),
    onSuccess: (message) => {
      queryClient.setQueryData<MessageView[]>([threadPath(userId, otherId)], (list) => appendMessage(list, message));
      // The tryme allowance shown on /messages counts the session's messagesThisMonth.
      queryClient.setQueryData<SessionUser | null>(sessionQueryKey, (user) =>
        user ? { ...user, messageCount: user.messageCount + 1, messagesThisMonth: user.messagesThisMonth + 1 } : user,
      );
      void queryClient.invalidateQueries({ queryKey: [conversationsPath(userId)] });
    },
  });
}
