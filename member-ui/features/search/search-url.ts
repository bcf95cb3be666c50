// The zod-free lists: the search screen builds no schema and carries no gazetteer for them.
import { ACTIVE_WITHIN_DAYS, DIETS, EDUCATION_LEVELS, MARITAL_STATUSES, MAX_RADIUS_KM, MOTHER_TONGUES, RASHIS, RELIGIONS, RETURN_TO_INDIA_PLANS, SEARCH_SORTS, type SearchSort } from '../../../contracts/enums';
import { HEIGHT_MAX_CM, HEIGHT_MIN_CM } from '../../../contracts/profile-basics';
import type { SearchPageSearch } from '../../app/routing/search-schemas';
import {
  AGE_MAX,
  AGE_MIN,
  type ActiveWithin,
  DEFAULT_AGE_RANGE,
  DEFAULT_FILTERS,
  DEFAULT_MOOD_SCORE,
  GUNA_MAX,
  MOOD_SCORE_MAX,
  MOOD_SCORE_MIN,
  MOOD_SCORE_STEP,
  type SearchCriteria,
  type SearchFilters,
} from './api/search';

/** The longest search text the server takes. */
const QUERY_MAX = 200;
const LOCATIONS_MAX = 50;

/** The URL parameters that are filters: any one of them present means the filter panel was applied. */
export const FILTER_KEYS = [
  'minAge', 'maxAge', 'locations', 'religions', 'motherTongues', 'maritalStatuses', 'profileType', 'isVerified', 'hasPhoto',
  'educations', 'diets', 'returnPlans', 'activeWithinDays', 'minGuna', 'minHeightCm', 'maxHeightCm', 'near', 'withinKm', 'rashis',
] as const satisfies readonly (keyof SearchPageSearch)[];

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(n)));

/** A comma-separated list of the URL, keeping only values of `vocabulary` (each once, in the vocabulary's order). */
function listOf<T extends string>(raw: string | undefined, vocabulary: readonly T[]): T[] {
  if (!raw) return [];
  const wanted = new Set(raw.split(',').map((v) => v.trim()));
  return vocabulary.filter((v) => wanted.has(v));
}

/**
 * The member's preferred age window, the search's default (DECISIONS: the member's own preference, else 25–35).
 * One end missing takes the default's; a window upside down is turned round.
 */
export function defaultAgeRange(preference: { agePreferenceMin: number | null; agePreferenceMax: number | null } | null | undefined): [number, number] {
  const min = clamp(preference?.agePreferenceMin ?? DEFAULT_AGE_RANGE[0], AGE_MIN, AGE_MAX);
  const max = clamp(preference?.agePreferenceMax ?? DEFAULT_AGE_RANGE[1], AGE_MIN, AGE_MAX);
  return min <= max ? [min, max] : [max, min];
}

/**
 * The search's filter defaults from the member's own partner preferences (DECISIONS): the preferred age window, and
 * the religions and mother tongues they said they want (their "must" answers).
 */
export function preferenceDefaults(
  preference: { agePreferenceMin: number | null; agePreferenceMax: number | null; religionPreference?: string[]; motherTonguePreference?: string[] } | null | undefined,
): Pick<SearchFilters, 'ageRange' | 'religions' | 'motherTongues'> {
  return {
    ageRange: defaultAgeRange(preference),
    religions: listOf((preference?.religionPreference ?? []).join(','), RELIGIONS),
    motherTongues: listOf((preference?.motherTonguePreference ?? []).join(','), MOTHER_TONGUES),
  };
}

/** The sort an address asks for (best match when absent or unknown). */
export function sortFromUrl(search: SearchPageSearch): SearchSort {
  return (SEARCH_SORTS as readonly string[]).includes(search.sort ?? '') ? (search.sort as SearchSort) : 'best';
}

const heightOf = (cm: number | undefined) => (cm === undefined ? null : clamp(cm, HEIGHT_MIN_CM, HEIGHT_MAX_CM));

export function hasFilterParams(search: SearchPageSearch): boolean {
  return FILTER_KEYS.some((key) => search[key] !== undefined);
}

/**
 * The search an address describes. Nothing in it can break the screen: unknown values are dropped, numbers are
 * clamped to their range (an age window upside down is turned round), and an age missing from applied filters is
 * the member's default. The URL's values override the defaults.
 */
export function criteriaFromUrl(search: SearchPageSearch, defaultAges: [number, number]): SearchCriteria {
  const query = (search.query ?? '').slice(0, QUERY_MAX);
  const moodMatch = {
    enabled: search.matchMood === true,
    minScore:
      search.minMoodScore === undefined
        ? DEFAULT_MOOD_SCORE
        : clamp(Math.round(search.minMoodScore / MOOD_SCORE_STEP) * MOOD_SCORE_STEP, MOOD_SCORE_MIN, MOOD_SCORE_MAX),
  };
  const sort = sortFromUrl(search);
  if (!hasFilterParams(search)) return { query, sort, filters: null, moodMatch };
  const low = search.minAge === undefined ? defaultAges[0] : clamp(search.minAge, AGE_MIN, AGE_MAX);
  const high = search.maxAge === undefined ? defaultAges[1] : clamp(search.maxAge, AGE_MIN, AGE_MAX);
  const active = (ACTIVE_WITHIN_DAYS as readonly number[]).includes(search.activeWithinDays ?? 0) ? (search.activeWithinDays as ActiveWithin) : 0;
  const locations = [...new Set((search.locations ?? '').split(',').map((v) => v.trim()).filter((v) => v && v.length <= 80))].slice(0, LOCATIONS_MAX);
  const filters: SearchFilters = {
    ...DEFAULT_FILTERS,
    locations,
    ageRange: low <= high ? [low, high] : [high, low],
    religions: listOf(search.religions, RELIGIONS),
    motherTongues: listOf(search.motherTongues, MOTHER_TONGUES),
    maritalStatuses: listOf(search.maritalStatuses, MARITAL_STATUSES),
    profileType: search.profileType === 'self' || search.profileType === 'parent' ? search.profileType : 'all',
    verified: search.isVerified ? 'verified' : 'all',
    hasPhoto: search.hasPhoto === true,
    educations: listOf(search.educations, EDUCATION_LEVELS),
    diets: listOf(search.diets, DIETS),
    returnPlans: listOf(search.returnPlans, RETURN_TO_INDIA_PLANS),
    activeWithinDays: active,
    minGuna: search.minGuna === undefined ? null : clamp(search.minGuna, 0, GUNA_MAX),
    minHeightCm: heightOf(search.minHeightCm),
    maxHeightCm: heightOf(search.maxHeightCm),
    near: (search.near ?? '').slice(0, 120),
    withinKm: search.withinKm === undefined ? null : clamp(search.withinKm, 1, MAX_RADIUS_KM),
    rashis: listOf(search.rashis, RASHIS),
  };
  if (filters.minHeightCm !== null && filters.maxHeightCm !== null && filters.minHeightCm > filters.maxHeightCm) {
    [filters.minHeightCm, filters.maxHeightCm] = [filters.maxHeightCm, filters.minHeightCm];
  }
  return { query, sort, filters, moodMatch };
}

/** The address of applied filters (every filter parameter; absent ones are removed from the URL). */
export function filterParams(filters: SearchFilters | null): Pick<SearchPageSearch, (typeof FILTER_KEYS)[number]> {
  const none = Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined]));
  if (!filters) return none;
  const list = (values: readonly string[]) => (values.length ? values.join(',') : undefined);
  return {
    ...none,
    minAge: filters.ageRange[0],
    maxAge: filters.ageRange[1],
    locations: list(filters.locations),
    religions: list(filters.religions),
    motherTongues: list(filters.motherTongues),
    maritalStatuses: list(filters.maritalStatuses),
    profileType: filters.profileType === 'all' ? undefined : filters.profileType,
    isVerified: filters.verified === 'verified' ? true : undefined,
    hasPhoto: filters.hasPhoto || undefined,
    educations: list(filters.educations),
    diets: list(filters.diets),
    returnPlans: list(filters.returnPlans),
    activeWithinDays: filters.activeWithinDays || undefined,
    minGuna: filters.minGuna ?? undefined,
    minHeightCm: filters.minHeightCm ?? undefined,
    maxHeightCm: filters.maxHeightCm ?? undefined,
    near: filters.near || undefined,
    withinKm: filters.near && filters.withinKm !== null ? filters.withinKm : undefined,
    rashis: list(filters.rashis),
  };
}
