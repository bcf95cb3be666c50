import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatPeerView, ConversationView, MessageView, ProfileCardView, ProfileView } from '../../../../contracts/views';
import { api, isApiError } from '../../../lib/api-client';
import { useLiveEvent } from '../../../lib/live-events';
import type { FamilyConsent, FamilyPermissions, FamilyPerson, ProfileActivityView } from '../../../../contracts/family';

export type { FamilyConsent, FamilyPermissions, FamilyPerson };

export interface FamilyView {
  profileId: number;
  you: { userId: number; role: 'candidate' | 'family' };
  consent: FamilyConsent;
  candidateFirstName: string | null;
  permissions: FamilyPermissions;
  /** the consent gate: hidden from other members until the candidate confirms */
  hiddenUntilConfirmed: boolean;
  /** what other members read about how the profile was confirmed ("Confirmed by email") */
  consentLabel: string | null;
  people: FamilyPerson[];
  invitations: Array<{ id: number; role: 'candidate' | 'family'; relation: string | null; email: string; expiresAt: string }>;
  sharedConversations: number[];
  /** the members whose conversation with the candidate a family member wrote in: family read it without its being shared */
  familyConversations: number[];
}
export interface Suggestion {
  id: number;
  status: 'open' | 'liked' | 'dismissed' | 'discussing';
  note: string | null;
  suggestedBy: { name: string; relation: string | null };
  createdAt: string;
  threadMessages: number;
  profile: ProfileCardView;
}
export interface ThreadMessage {
  id: number;
  suggestionId: number | null;
  author: { userId: number | null; name: string; relation: string | null };
  content: string;
  createdAt: string;
}

import { actingFor } from '../../../lib/helper-mode';
import { translate } from '../../../i18n/translate';

export { actingFor };

const keys = {
  family: (id: number) => ['family', id] as const,
  suggestions: (id: number) => ['family', id, 'suggestions'] as const,
  thread: (id: number) => ['family', id, 'thread'] as const,
};


export function useFamily(profileId: number) {
  return useQuery({ queryKey: keys.family(profileId), queryFn: ({ signal }) => api.get<FamilyView>(`/api/family/${profileId}`, { signal }), retry: false });
}

export function useSuggestions(profileId: number, enabled = true) {
  return useQuery({ queryKey: keys.suggestions(profileId), queryFn: ({ signal }) => api.get<Suggestion[]>(`/api/family/${profileId}/suggestions`, { signal }), enabled });
}

export function useThread(profileId: number, enabled = true) {
  return useQuery({ queryKey: keys.thread(profileId), queryFn: ({ signal }) => api.get<ThreadMessage[]>(`/api/family/${profileId}/thread`, { signal }), enabled });
}

/** Profiles the candidate may see, found by a family member acting for them. */
export function useFamilySearch(profileId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['family', profileId, 'search'],
    queryFn: ({ signal }) => api.get<ProfileCardView[]>('/api/search', { signal, headers: actingFor(profileId) }),
    enabled,
  });
}

/** The profiles the candidate likes (theirs or given by family for them), as family acting for them may read them. */
export function useCandidateLikes(profileId: number, candidateUserId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['family', profileId, 'likes'],
    queryFn: ({ signal }) => api.get<ProfileCardView[]>(`/api/profile-likes/${candidateUserId}`, { signal, headers: actingFor(profileId) }),
    enabled,
  });
}

function useFamilyMutation<TInput, TResult = unknown>(profileId: number, fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['family', profileId] }) });
}

export type InviteInput = { role: 'candidate'; email: string; firstName: string } | { role: 'family'; email: string; relation: string };

export const useInvite = (profileId: number) =>
  useFamilyMutation(profileId, (input: InviteInput) => api.post<{ message: string }>(`/api/family/${profileId}/invitations`, { json: input }));
export const useWithdrawInvitation = (profileId: number) =>
  useFamilyMutation(profileId, (id: number) => api.delete(`/api/family/${profileId}/invitations/${id}`));
export const useRemoveMember = (profileId: number) => useFamilyMutation(profileId, (memberId: number) => api.delete(`/api/family/${profileId}/members/${memberId}`));
export const useSetPermissions = (profileId: number) =>
  useFamilyMutation(profileId, (changes: Partial<FamilyPermissions>) => api.patch(`/api/family/${profileId}/permissions`, { json: changes }));
export const useSetConsentGate = (profileId: number) =>
  useFamilyMutation(profileId, (hiddenUntilConfirmed: boolean) => api.patch(`/api/family/${profileId}/consent-gate`, { json: { hiddenUntilConfirmed } }));
export const useSuggest = (profileId: number) =>
  useFamilyMutation(profileId, (input: { suggestedProfileId: number; note: string }) => api.post(`/api/family/${profileId}/suggestions`, { json: input }));
export const usePostToThread = (profileId: number) =>
  useFamilyMutation(profileId, (input: { content: string; suggestionId?: number }) => api.post(`/api/family/${profileId}/thread`, { json: input }));

/** The candidate's own conversations (to choose which to share with family). */
export function useOwnConversations(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['family', 'conversations', userId],
    queryFn: ({ signal }) => api.get<ConversationView[]>(`/api/messages/${userId}`, { signal }),
    enabled,
  });
}

export const useShareConversation = (profileId: number) =>
  useFamilyMutation(profileId, ({ otherUserId, shared }: { otherUserId: number; shared: boolean }) =>
    api.put(`/api/family/${profileId}/shared-conversations/${otherUserId}`, { json: { shared } }),
  );

/** A like given by a family member for the candidate (recorded as theirs: "liked by Priya's mother"). */
export const useLikeFor = (profileId: number) =>
  useFamilyMutation(profileId, (likedProfileId: number) => api.post('/api/profile-likes', { json: { likedProfileId }, headers: actingFor(profileId) }));

/** The candidate's decision; liking gives the like and marks the suggestion in one call. */
export const useDecide = (profileId: number) =>
  useFamilyMutation(profileId, ({ suggestion, decision }: { suggestion: Suggestion; decision: 'like' | 'dismiss' | 'discuss' }) =>
    api.post<{ status: Suggestion['status']; isMatch: boolean }>(`/api/family/${profileId}/suggestions/${suggestion.id}/decision`, { json: { decision } }),
  );

export interface InvitationView {
  role: 'candidate' | 'family';
  relation: string | null;
  /** the invited address as its owner recognises it ("p****@example.com") */
  maskedEmail: string;
  inviterName: string;
  candidateFirstName: string | null;
  expiresAt: string;
  /** the profile waits, hidden from members, until the candidate confirms it */
  hiddenUntilConfirmed: boolean;
  /** the session's account: whether the invitation counts for it (a candidate's only at the invited address) */
  account: { fullName: string; invitedAddress: boolean; hasProfile: boolean } | null;
  /** the profile exactly as members see it (candidate invitations) */
  profile: ProfileView | null;
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['family-invitation', token],
    queryFn: ({ signal }) => api.get<InvitationView>(`/api/family-invitations/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });
}

export function useAnswerInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<{ outcome: string; message: string }>(`/api/family-invitations/${encodeURIComponent(token)}`, { json: body }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function familyError(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? translate('family.failed');
  return translate('family.offline');
}

/**
 * A conversation of the candidate's that family may see (one a family member began, or one the candidate shared),
 * read and written by a family member acting for the candidate. Its new messages reach the family member's own event
 * stream (the server relays them to the family who may read the conversation); the thread is also read again every
 * 15 seconds while open, in case the stream was down.
 */
const FAMILY_CHAT_REFRESH_MS = 15_000;

export function useFamilyConversations(profileId: number, candidateUserId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['family', profileId, 'conversations'],
    queryFn: ({ signal }) => api.get<ConversationView[]>(`/api/messages/${candidateUserId}`, { signal, headers: actingFor(profileId) }),
    enabled,
  });
}

export function useFamilyChat(profileId: number, candidateUserId: number, otherId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  // A message in this conversation (either side, or another family member writing) arrives on the family member's
  // own event stream: the thread is read again at once; the slow poll stays as the fallback.
  useLiveEvent('message', (m) => {
    const inThisChat = (m.senderId === candidateUserId && m.receiverId === otherId) || (m.senderId === otherId && m.receiverId === candidateUserId);
    if (enabled && inThisChat) void queryClient.invalidateQueries({ queryKey: ['family', profileId, 'chat', otherId] });
  });
  const thread = useQuery({
    queryKey: ['family', profileId, 'chat', otherId],
    queryFn: ({ signal }) => api.get<MessageView[]>(`/api/messages/${candidateUserId}/${otherId}`, { signal, headers: actingFor(profileId) }),
    enabled,
    retry: false,
    refetchInterval: FAMILY_CHAT_REFRESH_MS,
  });
  const peer = useQuery({
    queryKey: ['family', profileId, 'chat', otherId, 'peer'],
    queryFn: ({ signal }) => api.get<ChatPeerView>(`/api/messages/${candidateUserId}/${otherId}/peer`, { signal, headers: actingFor(profileId) }),
    enabled,
    retry: false,
  });
  return { thread, peer };
}

export function useSendForCandidate(profileId: number, otherId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api.post<MessageView>('/api/messages', { json: { receiverId: otherId, content }, headers: actingFor(profileId) }),
    onSuccess: (message) => {
      queryClient.setQueryData<MessageView[]>(['family', profileId, 'chat', otherId], (list) => (list && !list.some((m) => m.id === message.id) ? [...list, message] : list));
      void queryClient.invalidateQueries({ queryKey: ['family', profileId, 'conversations'] });
    },
  });
}

export type ProfileActivity = ProfileActivityView;

/** The candidate's activity list: what the candidate and family did for the profile, with who did it, newest first. */
export function useProfileActivity(profileId: number, enabled = true) {
  return useQuery({
    queryKey: ['family', profileId, 'activity'],
    queryFn: ({ signal }) => api.get<ProfileActivity[]>(`/api/family/${profileId}/activity`, { signal }),
    enabled,
  });
}
