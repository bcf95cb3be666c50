import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';

/** Query keys are API paths; every key under this prefix (like checks, the liked list) is refreshed after a change. */
export const PROFILE_LIKES_PATH = '/api/profile-likes';
const likeCheckKey = (userId: number, profileId: number) => [`${PROFILE_LIKES_PATH}/${userId}/${profileId}/check`] as const;
const isLikesQuery = (key: readonly unknown[]) => typeof key[0] === 'string' && key[0].startsWith(PROFILE_LIKES_PATH);

/** GET /api/profile-likes/{userId}/{profileId}/check → {isLiked}. */
export function useLikeCheck(userId: number | null, profileId: number, enabled: boolean) {
  return useQuery({
    queryKey: likeCheckKey(userId ?? 0, profileId),
    queryFn: ({ signal }) => api.get<{ isLiked: boolean }>(`${PROFILE_LIKES_PATH}/${userId}/${profileId}/check`, { signal }),
    enabled: enabled && userId !== null,
    select: (data) => data.isLiked,
  });
}

export interface LikeOutcome {
  /** true when this request created the like (201), false when it already existed */
  created: boolean;
  isMatch: boolean;
}

/** POST /api/profile-likes {userId, likedProfileId} and DELETE /api/profile-likes/{userId}/{profileId}. */
export function useToggleLike(userId: number, profileId: number) {
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
        await api.delete(`${PROFILE_LIKES_PATH}/${userId}/${profileId}`);
        return null;
      }
      const response = await request('POST', PROFILE_LIKES_PATH, {
        json: { userId, likedProfileId: profileId },
        headers: { Accept: 'application/json' },
      });
      const body = (await response.json()) as { isMatch?: boolean };
      return { created: response.status === 201, isMatch: Boolean(body.isMatch) };
    },
    onSettled: refresh,
  });
}
