import { CITIES, distanceKm } from '../../../contracts/gazetteer';
import { SEARCH_SORTS, type SearchSort } from '../../../contracts/discovery';
import { RASHIS } from '../../../contracts/enums';
import type { Dictionaries } from './dictionaries';
import { type Role, PLACEMENTS, gunaBetween } from './kundali-table';
import { NO_MOON } from './store';

/** What a search may ask for (already validated; lists hold stored spellings). */
export interface SearchFilters {
  tokens: string[];
  minAge?: number;
  maxAge?: number;
  countries?: string[];
  profileTypes?: string[];
  verified?: boolean;
  hasPhoto?: boolean;
  religions?: string[];
  motherTongues?: string[];
  educations?: string[];
  maritalStatuses?: string[];
  diets?: string[];
  returnPlans?: string[];
  activeWithinDays?: number;
  minGuna?: number;
  /** cm, both ends included; a member without a height is left out when either is given */
  minHeightCm?: number;
  maxHeightCm?: number;
  /** members whose city (in the gazetteer) lies within `km` of the point; members of unknown cities are left out */
  near?: { lat: number; lon: number; km: number };
  /** the rashi every screen shows (RASHIS' spellings) */
  rashis?: string[];
  /** best (the score, default), newest (profile made), active (last active, by the hour), age (youngest first) */
  sort?: SearchSort;
}

export { SEARCH_SORTS };

/** Which gazetteer ids lie within the distance (index 0, a city it does not know, never does). */
export function nearTable(near: { lat: number; lon: number; km: number }): Uint8Array {
  const out = new Uint8Array(CITIES.length + 1);
  for (const c of CITIES) out[c.id] = distanceKm(near.lat, near.lon, c.lat, c.lon) <= near.km ? 1 : 0;
  return out;
}

/** Which rashi codes (store.rashi: 1-12, 0 none) a rashi filter keeps. */
export function rashiTable(rashis: string[]): Uint8Array {
  const out = new Uint8Array(RASHIS.length + 1);
  for (const r of rashis) {
    const i = RASHIS.indexOf(r as (typeof RASHIS)[number]);
    if (i !== -1) out[i + 1] = 1;
  }
  return out;
}

/** Which interned values a list filter accepts (null: no such filter). */
function accepted(dict: { values: Array<string | null> }, wanted: string[] | undefined): Uint8Array | null {
  if (!wanted) return null;
  const set = new Set(wanted);
  return Uint8Array.from(dict.values, (v) => (v !== null && set.has(v) ? 1 : 0));
}

/**
 * Per-query tables answering each filter for an interned tuple at once: the composite columns (place, culture,
 * misc) are tested with one lookup instead of one per attribute.
 */
export function filterTables(d: Dictionaries, f: SearchFilters) {
  const countries = accepted(d.countries, f.countries);
  const educations = accepted(d.educations, f.educations);
  const placeOk =
    countries || educations
      ? Uint8Array.from(d.places.values, ([c, e]) => ((!countries || countries[c]) && (!educations || educations[e]) ? 1 : 0))
      : null;
  const religions = accepted(d.religions, f.religions);
  const tongues = accepted(d.tongues, f.motherTongues);
  const plans = accepted(d.returnPlans, f.returnPlans);
  const cultureOk =
    religions || tongues || plans || f.verified
      ? Uint8Array.from(d.cultures.values, ([r, t, p, , v]) =>
          (!religions || religions[r]) && (!tongues || tongues[t]) && (!plans || plans[p]) && (!f.verified || v === 1) ? 1 : 0,
        )
      : null;
  const maritals = accepted(d.maritals, f.maritalStatuses);
  const diets = accepted(d.diets, f.diets);
  const types = accepted(d.profileTypes, f.profileTypes);
  const miscOk =
    maritals || diets || types
      ? Uint8Array.from(d.miscs.values, ([m, di, t]) => ((!maritals || maritals[m]) && (!diets || diets[di]) && (!types || types[t]) ? 1 : 0))
      : null;
  return { placeOk, cultureOk, miscOk, countryOk: countries, placeByCountry: educations === null };
}

/** Which (Moon placement, role) of a candidate reaches the minimum guna total with the viewer's Moon. */
export function gunaTable(viewerMoon: number, viewerRole: Role, minimum: number): Uint8Array {
  const table = new Uint8Array((PLACEMENTS + 1) * 3);
  for (let i = 0; i < table.length; i++) {
    const moon = Math.floor(i / 3);
    const guna = gunaBetween(viewerMoon, viewerRole, moon === PLACEMENTS ? NO_MOON : moon, (i % 3) as Role);
    table[i] = guna !== null && guna >= minimum ? 1 : 0;
  }
  return table;
}
