import { queryOptions } from '@tanstack/react-query';
import type { CompletionStatusView, ProfileView } from '../../contracts/views';
import { api, isApiError } from './api-client';
import { actingHeaders } from './helper-mode';

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

/** A profile by id; in helper mode (`actingFor`: the candidate's profile) as the candidate sees it. */
export function profileQueryOptions(id: number, actingFor: number | null = null) {
  return queryOptions({
    queryKey: actingFor ? [...profileKeys.byId(id), { actingFor }] : profileKeys.byId(id),
    queryFn: () => api.get<ProfileView>(`/api/profiles/${id}`, { headers: actingHeaders(actingFor) }),
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

/** A profile's photos as the gallery shows them, the main one first (the details carry thumbnails; older rows only URLs). */
export function galleryPhotos(profile: Pick<ProfileView, 'photoDetails' | 'photos'>): Array<{ url: string; thumb: string }> {
  return profile.photoDetails?.length
    ? profile.photoDetails.map((photo) => ({ url: photo.url, thumb: photo.thumbnailUrl || photo.url }))
    : profile.photos.map((url) => ({ url, thumb: url }));
}

/**
 * Starts downloading the profile's main photo (the profile screen's largest paint) as soon as the profile has
 * arrived, instead of once the screen's code has run and rendered the gallery.
 */
export function preloadMainPhoto(profile: Pick<ProfileView, 'photoDetails' | 'photos'>): void {
  const url = galleryPhotos(profile)[0]?.url;
  if (!url || document.head.querySelector(`link[rel="preload"][href="${CSS.escape(url)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}
