import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ProfileCardView } from '../../../../contracts/views';
import { request } from '../../../lib/api-client';

export const AGE_MIN = 18;
export const AGE_MAX = 70;
export const DEFAULT_AGE_RANGE: [number, number] = [25, 35];
export const MOOD_SCORE_MIN = 30;
export const MOOD_SCORE_MAX = 95;
export const MOOD_SCORE_STEP = 5;
export const DEFAULT_MOOD_SCORE = 70;
export const SEARCH_PAGE_SIZE = 20;

export type ProfileTypeFilter = 'all' | 'self' | 'parent';
export type VerifiedFilter = 'all' | 'verified';

/** The filter panel's values; applied as a whole by "Apply Filters". */
export interface SearchFilters {
  locations: string[];
  ageRange: [number, number];
  profileType: ProfileTypeFilter;
  verified: VerifiedFilter;
}

export interface MoodMatch {
  enabled: boolean;
  minScore: number;
}

export interface SearchCriteria {
  query: string;
  /** null until the member applies the filter panel (the age range only counts once applied). */
  filters: SearchFilters | null;
  moodMatch: MoodMatch;
}

export const DEFAULT_FILTERS: SearchFilters = {
  locations: [],
  ageRange: DEFAULT_AGE_RANGE,
  profileType: 'all',
  verified: 'all',
};

/** Result rows; `moodScore` arrives with the mood-matching work and is shown only when present. */
export type SearchResult = ProfileCardView & { moodScore?: number | null };

export interface SearchPage {
  results: SearchResult[];
  nextCursor: string | null;
}

/** Spec part 2 §4: search runs only when there is a query or at least one filter. */
export function hasSearchCriteria(criteria: SearchCriteria): boolean {
  return criteria.query.trim().length > 0 || criteria.filters !== null || criteria.moodMatch.enabled;
}

/** GET /api/search parameters (spec part 2 §7): only what the member actually chose is sent. */
export function searchParamsOf(criteria: SearchCriteria): Record<string, string> {
  const params: Record<string, string> = {};
  const query = criteria.query.trim();
  if (query) params.query = query;
  const { filters } = criteria;
  if (filters) {
    params.minAge = String(filters.ageRange[0]);
    params.maxAge = String(filters.ageRange[1]);
    if (filters.locations.length > 0) params.locations = filters.locations.join(',');
    if (filters.profileType !== 'all') params.profileType = filters.profileType;
    if (filters.verified === 'verified') params.isVerified = 'true';
  }
  if (criteria.moodMatch.enabled) {
    params.matchMood = 'true';
    params.minMoodScore = String(criteria.moodMatch.minScore);
  }
  return params;
}

export async function fetchSearchPage(
  params: Record<string, string>,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const searchParams = new URLSearchParams({ ...params, limit: String(SEARCH_PAGE_SIZE) });
  if (cursor) searchParams.set('cursor', cursor);
  const response = await request('GET', '/api/search', {
    searchParams,
    signal,
    headers: { Accept: 'application/json' },
  });
  const results = (await response.json()) as SearchResult[];
  // The next page's cursor travels in a header; it is absent on the last page.
  return { results, nextCursor: response.headers.get('X-Next-Cursor') || null };
}

export function searchQueryOptions(criteria: SearchCriteria) {
  const params = searchParamsOf(criteria);
  return infiniteQueryOptions({
    queryKey: ['/api/search', params] as const,
    queryFn: ({ pageParam, signal }) => fetchSearchPage(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: hasSearchCriteria(criteria),
  });
}
