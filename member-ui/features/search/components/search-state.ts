import { atom } from 'jotai';
import { DEFAULT_MOOD_SCORE, type MoodMatch, type SearchFilters } from '../api/search';

// Client-only search state (ARCHITECTURE.md: jotai for UI state). Kept in atoms rather than component state so
// coming back from a profile restores the same search, whose pages React Query still holds.
export const searchTextAtom = atom('');
export const appliedFiltersAtom = atom<SearchFilters | null>(null);
export const moodMatchAtom = atom<MoodMatch>({ enabled: false, minScore: DEFAULT_MOOD_SCORE });
export const filterPanelOpenAtom = atom(false);
