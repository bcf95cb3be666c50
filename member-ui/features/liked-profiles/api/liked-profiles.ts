import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutualMatchView, ProfileCardView } from '../../../../contracts/views';
import { api } from '../../../lib/api-client';
import { actingHeaders } from '../../../lib/helper-mode';

const PROFILE_LIKES_PATH = '/api/profile-likes';
export const likedProfilesPath = (userId: number) => `${PROFILE_LIKES_PATH}/${userId}`;

/**
 * GET /api/profile-likes/{userId}: the profiles this member likes, newest first, each saying who of the family gave
 * it. In helper mode `userId` is the candidate's account and `actingFor` their profile.
 */
export function useLikedProfiles(userId: number, actingFor: number | null = null, enabled = true) {
  return useQuery({
    queryKey: [likedProfilesPath(userId), actingFor],
    queryFn: ({ signal }) => api.get<ProfileCardView[]>(likedProfilesPath(userId), { signal, headers: actingHeaders(actingFor) }),
    enabled,
  });
}

/** DELETE /api/profile-likes/{userId}/{profileId}; refreshes the list and every like check. */
export function useUnlikeProfile(userId: number, actingFor: number | null = null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileId: number) => api.delete<{ isLiked: false }>(`${PROFILE_LIKES_PATH}/${userId}/${profileId}`, { headers: actingHeaders(actingFor) }),
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(PROFILE_LIKES_PATH),
      }),
  });
}

/** GET /api/users/{userId}/matches: mutual matches with the conversation's last message, newest activity first. */
export function useMutualMatches(userId: number) {
  return useQuery({
    queryKey: [`/api/users/${userId}/matches`],
    queryFn: ({ signal }) => api.get<MutualMatchView[]>(`/api/users/${userId}/matches`, { signal }),
  });
}
