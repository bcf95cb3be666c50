import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { actingHeaders } from '../../../lib/helper-mode';

/** Query keys are API paths; every key under this prefix (like checks, the liked list) is refreshed after a change. */
export const PROFILE_LIKES_PATH = '/api/profile-likes';
const likeCheckKey = (userId: number, profileId: number, actingFor: number | null) => [`${PROFILE_LIKES_PATH}/${userId}/${profileId}/check`, actingFor] as const;
const isLikesQuery = (key: readonly unknown[]) => typeof key[0] === 'string' && key[0].startsWith(PROFILE_LIKES_PATH);

export interface LikeState {
  isLiked: boolean;
  /** who of the liker's family gave the like: "you" (the helper asking), "your father" (to the candidate); null: the liker */
  likedBy: string | null;
}

/**
 * GET /api/profile-likes/{userId}/{profileId}/check → {isLiked, likedBy}. In helper mode `userId` is the candidate's
 * account and `actingFor` their profile: the like is the candidate's, given by the helper.
 */
export function useLikeCheck(userId: number | null, profileId: number, enabled: boolean, actingFor: number | null = null) {
  return useQuery({
    queryKey: likeCheckKey(userId ?? 0, profileId, actingFor),
    queryFn: ({ signal }) => api.get<LikeState>(`${PROFILE_LIKES_PATH}/${userId}/${profileId}/check`, { signal, headers: actingHeaders(actingFor) }),
    enabled: enabled && userId !== null,
  });
}

export interface LikeOutcome {
  /** true when this request created the like (201), false when it already existed */
  created: boolean;
  isMatch: boolean;
}

/** POST /api/profile-likes {userId, likedProfileId} and DELETE /api/profile-likes/{userId}/{profileId}; in helper mode for the candidate. */
export function useToggleLike(userId: number, profileId: number, actingFor: number | null = null) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ predicate: (query) => isLikesQuery(query.queryKey) }),
      // A match notifies this member too: update the bell now instead of at the next poll.
      queryClient.invalidateQueries({ queryKey: [`/api/notifications/${userId}/count`] }),
    ]);
  return useMutation({
    mutationFn: async (like: boolean): Promise<LikeOutcome | null> => {
      if (!like) {
        await api.delete(`${PROFILE_LIKES_PATH}/${userId}/${profileId}`, { headers: actingHeaders(actingFor) });
        return null;
      }
      const response = await request('POST', PROFILE_LIKES_PATH, {
        json: { userId, likedProfileId: profileId },
        headers: { Accept: 'application/json', ...actingHeaders(actingFor) },
      });
      const body = (await response.json()) as { isMatch?: boolean };
      return { created: response.status === 201, isMatch: Boolean(body.isMatch) };
    },
    onSettled: refresh,
  });
}
