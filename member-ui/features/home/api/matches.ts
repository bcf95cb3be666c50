import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { ProfileCardView, SuccessStoryView } from '../../../../contracts/views';
import { api } from '../../../lib/api-client';
import { actingHeaders } from '../../../lib/helper-mode';

/** Query keys are the API paths. */
export const homeKeys = {
  // Per candidate in helper mode (null: the member's own).
  featured: (actingFor: number | null = null) => ['/api/matches/featured', actingFor] as const,
  // The daily list is cached per member, and per candidate in helper mode.
  daily: (userId: number, actingFor: number | null = null) => ['/api/matches/daily', userId, actingFor] as const,
  successStories: ['/api/success-stories'] as const,
};

/** GET /api/matches/featured: up to 10 profiles for the horizontal list (in helper mode, as the candidate sees them). */
export function featuredMatchesQueryOptions(actingFor: number | null = null) {
  return queryOptions({
    queryKey: homeKeys.featured(actingFor),
    queryFn: ({ signal }) => api.get<ProfileCardView[]>('/api/matches/featured', { signal, headers: actingHeaders(actingFor) }),
  });
}

/**
 * GET /api/matches/daily: up to 10 profiles, stable for the member for the day, with matchPercentage; in helper mode
 * the candidate's (the request acts for their profile).
 */
export function dailyMatchesQueryOptions(userId: number, actingFor: number | null = null) {
  return queryOptions({
    queryKey: homeKeys.daily(userId, actingFor),
    queryFn: ({ signal }) => api.get<ProfileCardView[]>('/api/matches/daily', { signal, headers: actingHeaders(actingFor) }),
  });
}

/** GET /api/success-stories: published stories only; the home shows the first. */
export function successStoriesQueryOptions() {
  return queryOptions({
    queryKey: homeKeys.successStories,
    queryFn: ({ signal }) => api.get<SuccessStoryView[]>('/api/success-stories', { signal }),
  });
}

/**
 * Starts the dashboard's requests as soon as the session shows a member, alongside the dashboard's code instead of
 * after it has arrived and rendered: on a phone that is a round trip or two sooner for the cards and their photos.
 */
export function prefetchMemberHome(queryClient: QueryClient, userId: number): void {
  void queryClient.prefetchQuery(featuredMatchesQueryOptions());
  void queryClient.prefetchQuery(dailyMatchesQueryOptions(userId));
  void queryClient.prefetchQuery(successStoriesQueryOptions());
}
