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

/** "Recently active" choices: any time, or within 1, 7 or 30 days. */
export type ActiveFilter = 'any' | '1' | '7' | '30';

/** The filter panel's values; applied as a whole by "Apply Filters". */
export interface SearchFilters {
  locations: string[];
  ageRange: [number, number];
  religions: string[];
  motherTongues: string[];
  maritalStatuses: string[];
  /** premium and elite only, like profile type and verified */
  profileType: ProfileTypeFilter;
  verified: VerifiedFilter;
  educations: string[];
  diets: string[];
  returnPlans: string[];
  hasPhoto: boolean;
  activeWithin: ActiveFilter;
  /** minimum Ashtakoot guna score, 0 for any */
  minGuna: number;
}

/** The premium part of the filters as a tryme member sends them: nothing. */
export function withoutPremium(filters: SearchFilters): SearchFilters {
  return { ...filters, profileType: 'all', verified: 'all', educations: [], diets: [], returnPlans: [], hasPhoto: false, activeWithin: 'any', minGuna: 0 };
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
  religions: [],
  motherTongues: [],
  maritalStatuses: [],
  profileType: 'all',
  verified: 'all',
  educations: [],
  diets: [],
  returnPlans: [],
  hasPhoto: false,
  activeWithin: 'any',
  minGuna: 0,
};

/** Result rows; `moodScore` arrives with the mood-matching work and is shown only when present. */
export type SearchResult = ProfileCardView & { moodScore?: number | null };

export interface SearchPage {
  results: SearchResult[];
  nextCursor: string | null;
  /** how many members the whole search holds */
  total: number | null;
}

/**
 * Whether the member asked for anything. Without a query or filters the search still runs: it lists the
 * member's best matches over everyone (the server ranks every eligible member), instead of an empty page.
 */
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
    const list = (key: string, values: string[]) => {
      if (values.length > 0) params[key] = values.join(',');
    };
    list('religions', filters.religions);
    list('motherTongues', filters.motherTongues);
    list('maritalStatuses', filters.maritalStatuses);
    list('educations', filters.educations);
    list('diets', filters.diets);
    list('returnPlans', filters.returnPlans);
    if (filters.profileType !== 'all') params.profileType = filters.profileType;
    if (filters.verified === 'verified') params.isVerified = 'true';
    if (filters.hasPhoto) params.hasPhoto = 'true';
    if (filters.activeWithin !== 'any') params.activeWithinDays = filters.activeWithin;
    if (filters.minGuna > 0) params.minGuna = String(filters.minGuna);
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
  // The next page's cursor and the total travel in headers; the cursor is absent on the last page.
  const total = response.headers.get('X-Total-Count');
  return { results, nextCursor: response.headers.get('X-Next-Cursor') || null, total: total === null ? null : Number(total) };
}

export function searchQueryOptions(criteria: SearchCriteria) {
  const params = searchParamsOf(criteria);
  return infiniteQueryOptions({
    queryKey: ['/api/search', params] as const,
    queryFn: ({ pageParam, signal }) => fetchSearchPage(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
