import { queryOptions } from '@tanstack/react-query';
import type { SavedSearchFilters, SavedSearchList, SavedSearchView } from '../../../contracts/saved-searches';
import { api } from '../../lib/api-client';
import { actingHeaders } from '../../lib/helper-mode';
import { optionLabel } from '../../i18n/option-label';
import { translate } from '../../i18n/translate';

/**
 * The member's saved searches (in helper mode the candidate's: `actingFor` is the candidate's profile). Their filters
 * are GET /api/search's parameters, which the search screen's address names the same way.
 */
const PATH = '/api/saved-searches';

export function savedSearchesQueryOptions(actingFor: number | null) {
  return queryOptions({
    queryKey: [PATH, actingFor],
    queryFn: ({ signal }) => api.get<SavedSearchList>(PATH, { signal, headers: actingHeaders(actingFor) }),
  });
}

export const saveSearch = (actingFor: number | null, input: { name: string; filters: SavedSearchFilters; emailAlerts: boolean; pushAlerts: boolean }) =>
  api.post<SavedSearchView>(PATH, { json: input, headers: actingHeaders(actingFor) });

export const updateSavedSearch = (actingFor: number | null, id: number, change: { name?: string; emailAlerts?: boolean; pushAlerts?: boolean }) =>
  api.patch<SavedSearchView>(`${PATH}/${id}`, { json: change, headers: actingHeaders(actingFor) });

export const deleteSavedSearch = (actingFor: number | null, id: number) => api.delete<{ message: string }>(`${PATH}/${id}`, { headers: actingHeaders(actingFor) });

/** The parameters a saved search keeps of the screen's search (mood match is not kept: moods change daily). */
export function keptFilters(params: Record<string, string>): SavedSearchFilters {
  const { matchMood: _mood, minMoodScore: _score, ...kept } = params;
  return Object.fromEntries(Object.entries(kept).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export const sameFilters = (a: SavedSearchFilters, b: SavedSearchFilters) => JSON.stringify(keptFilters(a)) === JSON.stringify(keptFilters(b));

const LABELS: Record<string, (v: string) => string> = {
  profileType: (v) => translate(v === 'parent' ? 'savedSearches.filter.parents' : 'savedSearches.filter.self'),
  isVerified: () => translate('profile.verified'),
  hasPhoto: () => translate('savedSearches.filter.withPhoto'),
  activeWithinDays: (v) => translate('savedSearches.filter.active', { days: v }),
  minGuna: (v) => translate('savedSearches.filter.minGuna', { count: v }),
};

/** The search's list parameters whose values are one of the contracts' lists (their labels: `opt.<list>.<value>`). */
const OPTION_LISTS: Record<string, string> = {
  religions: 'religion',
  motherTongues: 'language',
  educations: 'education',
  maritalStatuses: 'marital',
  diets: 'diet',
  rashis: 'rashi',
};

/** A saved search in a few words: “doctor” · 25–35 · Canada, United Kingdom · Hindu. */
export function describeFilters(filters: SavedSearchFilters): string {
  const parts: string[] = [];
  if (filters.query) parts.push(`“${filters.query}”`);
  if (filters.minAge || filters.maxAge) parts.push(`${filters.minAge ?? '18'}–${filters.maxAge ?? '70'}`);
  for (const [key, value] of Object.entries(filters)) {
    if (['query', 'minAge', 'maxAge'].includes(key)) continue;
    const label = LABELS[key];
    if (label) parts.push(label(value));
    else parts.push(value.split(',').map((one) => (OPTION_LISTS[key] ? optionLabel(OPTION_LISTS[key], one) : one)).join(', '));
  }
  return parts.length ? parts.join(' · ') : translate('savedSearches.bestMatches');
}
