import { useQuery } from '@tanstack/react-query';
import type { ProfileCardView } from '../../contracts/views';
import { api, isApiError } from './api-client';

/** Under /api/profile-likes, so the liked-profiles screen's invalidation refreshes it too. */
export const receivedLikesPath = (userId: number) => `/api/profile-likes/${userId}/received`;

/** The server's answer for tryme members: 403 {message, upgradeRequired: true}. */
export function isUpgradeRequired(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 403) return false;
  try {
    const body: unknown = JSON.parse(error.bodyText);
    return typeof body === 'object' && body !== null && (body as { upgradeRequired?: unknown }).upgradeRequired === true;
  } catch {
    return false;
  }
}

/**
 * GET /api/profile-likes/{userId}/received: members who liked this member's profile, newest first
 * (premium and elite only; docs/tiers-and-limits.md). Not asked at all while `enabled` is false (tryme).
 */
export function useReceivedLikes(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: [receivedLikesPath(userId)],
    queryFn: ({ signal }) => api.get<ProfileCardView[]>(receivedLikesPath(userId), { signal }),
    enabled,
    // New likes arrive while the member browses; a revisit shows them.
    staleTime: 60_000,
  });
}
