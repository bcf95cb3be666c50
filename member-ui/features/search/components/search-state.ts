import { atom } from 'jotai';

// The search itself lives in the address (search-url.ts); only whether the filter panel is open is client state
// (ARCHITECTURE.md: jotai for UI toggles).
export const filterPanelOpenAtom = atom(false);
