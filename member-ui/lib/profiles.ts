import { queryOptions } from '@tanstack/react-query';
import type { CompletionStatusView, ProfileView } from '../../contracts/views';
import { api, isApiError } from './api-client';

/**
 * Profile reads shared by several features. Query keys are the API paths ("reads are GET
 * requests to the path held in the query key"), so invalidating ['/api/profiles'] refreshes every profile.
 */
export const profileKeys = {
  all: ['/api/profiles'] as const,
  byId: (id: number) => ['/api/profiles', id] as const,
  ownByUser: (userId: number) => ['/api/profiles', 'user', userId] as const,
  completion: (userId: number) => ['/api/profiles', userId, 'completion-status'] as const,
};

export function profileQueryOptions(id: number) {
  return queryOptions({
    queryKey: profileKeys.byId(id),
    queryFn: () => api.get<ProfileView>(`/api/profiles/${id}`),
  });
}

/** The member's own live profile, or null when they have none yet (404). */
export function ownProfileQueryOptions(userId: number) {
  return queryOptions({
    queryKey: profileKeys.ownByUser(userId),
    queryFn: async () => {
      try {
        return await api.get<ProfileView>(`/api/profiles/user/${userId}`);
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function completionStatusQueryOptions(userId: number) {
  return queryOptions({
    queryKey: profileKeys.completion(userId),
    queryFn: () => api.get<CompletionStatusView>(`/api/profiles/${userId}/completion-status`),
  });
}
