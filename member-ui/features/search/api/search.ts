import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ACTIVE_WITHIN_DAYS, SearchSort } from '../../../../contracts/discovery';
import type {
  DIETS,
  EDUCATION_LEVELS,
  MARITAL_STATUSES,
  MOTHER_TONGUES,
  PROFILE_TYPES,
  RASHIS,
  RELIGIONS,
  RETURN_TO_INDIA_PLANS,
} from '../../../../contracts/enums';
import { SEARCH_PAGE_SIZE } from '../../../../contracts/routes';
import type { ProfileCardView } from '../../../../contracts/views';
import { isApiError, request } from '../../../lib/api-client';
import { actingHeaders } from '../../../lib/helper-mode';

export const AGE_MIN = 18;
export const AGE_MAX = 70;
export const DEFAULT_AGE_RANGE: [number, number] = [25, 35];
export const MOOD_SCORE_MIN = 30;
export const MOOD_SCORE_MAX = 95;
export const MOOD_SCORE_STEP = 5;
export const DEFAULT_MOOD_SCORE = 70;
/** Ashtakoot guna totals run 0–36; 18 is the customary "acceptable" line. */
export const GUNA_MAX = 36;
export const DEFAULT_MIN_GUNA = 18;

export type ProfileTypeFilter = 'all' | Extract<(typeof PROFILE_TYPES)[number], 'self' | 'parent'>;
export type VerifiedFilter = 'all' | 'verified';
/** 0 means "any time". */
export type ActiveWithin = 0 | (typeof ACTIVE_WITHIN_DAYS)[number];

/** The filter panel's values; applied as a whole by "Apply Filters". */
export interface SearchFilters {
  locations: string[];
  ageRange: [number, number];
  religions: (typeof RELIGIONS)[number][];
  motherTongues: (typeof MOTHER_TONGUES)[number][];
  maritalStatuses: (typeof MARITAL_STATUSES)[number][];
  /** cm; null: no bound */
  minHeightCm: number | null;
  maxHeightCm: number | null;
  /** "City, Country" or a metro name; '' for anywhere */
  near: string;
  /** null: the place's own radius */
  withinKm: number | null;
  // Premium and elite only (ADVANCED_SEARCH_FILTERS):
  profileType: ProfileTypeFilter;
  verified: VerifiedFilter;
  hasPhoto: boolean;
  educations: (typeof EDUCATION_LEVELS)[number][];
  diets: (typeof DIETS)[number][];
  returnPlans: (typeof RETURN_TO_INDIA_PLANS)[number][];
  activeWithinDays: ActiveWithin;
  /** null: no guna minimum. */
  minGuna: number | null;
  rashis: (typeof RASHIS)[number][];
}

export interface MoodMatch {
  enabled: boolean;
  minScore: number;
}

export interface SearchCriteria {
  query: string;
  /** how results are ordered (best match when absent) */
  sort: SearchSort;
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
  minHeightCm: null,
  maxHeightCm: null,
  near: '',
  withinKm: null,
  profileType: 'all',
  verified: 'all',
  hasPhoto: false,
  educations: [],
  diets: [],
  returnPlans: [],
  activeWithinDays: 0,
  minGuna: null,
  rashis: [],
};

/** The same filters with every premium one cleared (what a tryme member may send). */
export function withoutPremiumFilters(filters: SearchFilters): SearchFilters {
  return {
    ...filters,
    profileType: 'all',
    verified: 'all',
    hasPhoto: false,
    educations: [],
    diets: [],
    returnPlans: [],
    activeWithinDays: 0,
    minGuna: null,
    rashis: [],
  };
}

/** Result rows: the card with the match score the profile page explains, and a mood score under mood match. */
export type SearchResult = ProfileCardView & { moodScore?: number | null };

export interface SearchPage {
  results: SearchResult[];
  nextCursor: string | null;
  /** Every result of the search, over all pages (X-Total-Count). */
  total: number | null;
}

/** Whether the member narrowed the search; without criteria the server answers with their best matches. */
export function hasSearchCriteria(criteria: SearchCriteria): boolean {
  return criteria.query.trim().length > 0 || criteria.filters !== null || criteria.moodMatch.enabled;
}

/** GET /api/search parameters: only what the member actually chose is sent (an unknown one is a 400). */
export function searchParamsOf(criteria: SearchCriteria): Record<string, string> {
  const params: Record<string, string> = {};
  const query = criteria.query.trim();
  if (query) params.query = query;
  if (criteria.sort !== 'best') params.sort = criteria.sort;
  const { filters } = criteria;
  if (filters) {
    params.minAge = String(filters.ageRange[0]);
    params.maxAge = String(filters.ageRange[1]);
    const lists = {
      locations: filters.locations,
      religions: filters.religions,
      motherTongues: filters.motherTongues,
      maritalStatuses: filters.maritalStatuses,
      educations: filters.educations,
      diets: filters.diets,
      returnPlans: filters.returnPlans,
      rashis: filters.rashis,
    };
    for (const [name, values] of Object.entries(lists)) {
      if (values.length > 0) params[name] = values.join(',');
    }
    if (filters.profileType !== 'all') params.profileType = filters.profileType;
    if (filters.verified === 'verified') params.isVerified = 'true';
    if (filters.hasPhoto) params.hasPhoto = 'true';
    if (filters.activeWithinDays !== 0) params.activeWithinDays = String(filters.activeWithinDays);
    if (filters.minGuna !== null) params.minGuna = String(filters.minGuna);
    if (filters.minHeightCm !== null) params.minHeightCm = String(filters.minHeightCm);
    if (filters.maxHeightCm !== null) params.maxHeightCm = String(filters.maxHeightCm);
    if (filters.near) {
      params.near = filters.near;
      if (filters.withinKm !== null) params.withinKm = String(filters.withinKm);
    }
  }
  if (criteria.moodMatch.enabled) {
    params.matchMood = 'true';
    params.minMoodScore = String(criteria.moodMatch.minScore);
  }
  return params;
}

/**
 * A cursor the server no longer accepts: the member's own profile changed since the search began (409), or the
 * cursor does not belong to this search (400). The page starts the search again from page 1.
 */
export class StaleCursorError extends Error {
  constructor(readonly status: number) {
    super('The search changed; starting again from the top.');
    this.name = 'StaleCursorError';
  }
}

export async function fetchSearchPage(
  params: Record<string, string>,
  cursor: string | null,
  signal?: AbortSignal,
  actingFor: number | null = null,
): Promise<SearchPage> {
  const searchParams = new URLSearchParams({ ...params, limit: String(SEARCH_PAGE_SIZE) });
  if (cursor) searchParams.set('cursor', cursor);
  let response: Response;
  try {
    response = await request('GET', '/api/search', { searchParams, signal, headers: { Accept: 'application/json', ...actingHeaders(actingFor) } });
  } catch (error) {
    if (cursor && isApiError(error) && (error.status === 409 || error.status === 400)) throw new StaleCursorError(error.status);
    throw error;
  }
  const results = (await response.json()) as SearchResult[];
  const total = Number.parseInt(response.headers.get('X-Total-Count') ?? '', 10);
  // The next page's cursor travels in a header; it is absent on the last page.
  return { results, nextCursor: response.headers.get('X-Next-Cursor') || null, total: Number.isFinite(total) ? total : null };
}

export const searchKey = (params: Record<string, string>, actingFor: number | null = null) => ['/api/search', params, actingFor] as const;

/** The search; in helper mode (`actingFor`: the candidate's profile) the candidate's, as they would see it. */
export function searchQueryOptions(criteria: SearchCriteria, actingFor: number | null = null) {
  const params = searchParamsOf(criteria);
  return infiniteQueryOptions({
    queryKey: searchKey(params, actingFor),
    queryFn: ({ pageParam, signal }) => fetchSearchPage(params, pageParam, signal, actingFor),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
