import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { ProfileCardView, SuccessStoryView } from '../../../../contracts/views';
import { api } from '../../../lib/api-client';

/** Query keys are the API paths. */
export const homeKeys = {
  featured: ['/api/matches/featured'] as const,
  // The daily list is cached per member.
  daily: (userId: number) => ['/api/matches/daily', userId] as const,
  successStories: ['/api/success-stories'] as const,
};

/** GET /api/matches/featured: up to 10 profiles for the horizontal list. */
export function featuredMatchesQueryOptions() {
  return queryOptions({
    queryKey: homeKeys.featured,
    queryFn: ({ signal }) => api.get<ProfileCardView[]>('/api/matches/featured', { signal }),
  });
}

/** GET /api/matches/daily: up to 10 profiles, stable for the member for the day, with matchPercentage. */
export function dailyMatchesQueryOptions(userId: number) {
  return queryOptions({
    queryKey: homeKeys.daily(userId),
    queryFn: ({ signal }) => api.get<ProfileCardView[]>('/api/matches/daily', { signal }),
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
