import {
  INTEGRATION_SCALE,
  type MatchProfile,
  RETURN_SCALE,
  WEIGHTS,
  ageFit,
  communityFit,
  educationFit,
  heightFit,
  hundredths,
  kundaliFit,
  listFit,
  locationFit,
  professionFit,
  sameValue,
  scaleFit,
} from '../matching';
import { type Role, PLACEMENTS, gunaBetween } from './kundali-table';
import type { Dictionaries } from './dictionaries';
import { type MemberStore, NO_AGE, NO_HEIGHT, NO_MOON } from './store';

/**
 * The documented score (services/matching.ts computeMatch) as lookup tables for one viewer. Every factor's
 * points (hundredths) and its weight are packed into one integer, earned × 128 + available, so a candidate's
 * score is the sum of a handful of table lookups over its interned attributes and
 * percentage = round(earned / available). The tables are filled by computeMatch's own factor functions, so the
 * numbers cannot drift apart; match-engine.test.ts holds every ranked list to computeMatch over random data.
 * Every weight summed (126 points) stays below PACK, so the sum of a member's packed entries keeps its parts apart.
 */

export const PACK = 128;
const pack = (weight: number, fit: number | null) => (fit === null ? 0 : hundredths(weight, fit) * PACK + weight);

export function percentOfPacked(packed: number): number {
  const available = packed & (PACK - 1);
  return available === 0 ? 0 : Math.round((packed >> 7) / available);
}

/** What the tables need to know of the viewer. */
export interface ViewerSide extends MatchProfile {
  moon: number;
  role: Role;
}

export interface ScoreTables {
  culture: Int32Array;
  place: Int32Array;
  profession: Int32Array;
  ageYours: Int32Array;
  agePair: Int32Array;
  locPref: Int32Array;
  eduPref: Int32Array;
  profPref: Int32Array;
  astro: Int32Array;
  /** the viewer's wishes on the basics against the candidate's (marital status, diet, profile type, community) */
  misc: Int32Array;
  /** the viewer's height range against the candidate's height (by cm, NO_HEIGHT: none) */
  height: Int32Array;
  /** the candidate's wishes on the basics against the viewer */
  wishes: Int32Array;
}

/**
 * Tables keyed by the one viewer attribute they depend on, kept while the dictionaries only grow: a table built
 * for N ids is extended for the ids added since.
 */
class TableCache {
  private readonly entries = new Map<string, Int32Array>();
  constructor(private readonly max: number) {}

  get(key: string, size: number, fill: (from: number, table: Int32Array) => void): Int32Array {
    let table = this.entries.get(key);
    if (table && table.length === size) {
      this.entries.delete(key);
      this.entries.set(key, table);
      return table;
    }
    const next = new Int32Array(size);
    let from = 0;
    if (table && table.length < size) {
      next.set(table);
      from = table.length;
    }
    fill(from, next);
    table = next;
    this.entries.delete(key);
    this.entries.set(key, table);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    return table;
  }
}

export class Scorer {
  private readonly cultureCache = new TableCache(512);
  private readonly placeCache = new TableCache(512);
  private readonly professionCache = new TableCache(512);
  private readonly agePairCache = new TableCache(128);
  private readonly locPrefCache = new TableCache(256);
  private readonly eduPrefCache = new TableCache(64);
  private readonly profPrefCache = new TableCache(512);
  private readonly astroCache = new TableCache(256);
  private readonly miscCache = new TableCache(256);
  private readonly wishesCache = new TableCache(256);

  /** whole sets of tables by everything of the viewer they read, while the dictionaries have not grown */
  private readonly viewers = new Map<string, ScoreTables>();

  constructor(private readonly dicts: Dictionaries) {}

  /**
   * The viewer's tables; the same object again for a viewer with the same attributes while no dictionary grew, so
   * what a query derives from them (its bounds, bounds.ts) is kept with them.
   */
  tables(v: ViewerSide, viewerAge: number | null): ScoreTables {
    const d = this.dicts;
    const key = JSON.stringify([
      v.religion, v.motherTongue, v.returnToIndiaPlans, v.culturalIntegrationLevel, v.locationPreference, v.country, v.educationPreference,
      v.professionPreference, v.agePreferenceMin, v.agePreferenceMax, v.education, v.profession, v.moon, v.role, viewerAge, v.height, v.maritalStatus,
      v.diet, v.community, v.heightPreferenceMin, v.heightPreferenceMax, v.maritalStatusPreference, v.dietPreference, v.communityPreference,
    ]);
    let tables = this.viewers.get(key);
    if (
      tables === undefined || tables.culture.length !== d.cultures.size || tables.place.length !== d.places.size || tables.profession.length !== d.professions.size ||
      tables.agePair.length !== d.agePairs.size || tables.locPref.length !== d.locPrefs.size || tables.eduPref.length !== d.eduPrefs.size ||
      tables.profPref.length !== d.profPrefs.size || tables.misc.length !== d.miscs.size || tables.wishes.length !== d.wishes.size
    ) {
      tables = this.build(v, viewerAge);
      if (this.viewers.size >= 1024) this.viewers.delete(this.viewers.keys().next().value as string);
    } else this.viewers.delete(key);
    this.viewers.set(key, tables);
    return tables;
  }

  private build(v: ViewerSide, viewerAge: number | null): ScoreTables {
    const d = this.dicts;
    const culture = this.cultureCache.get(JSON.stringify([v.religion, v.motherTongue, v.returnToIndiaPlans, v.culturalIntegrationLevel]), d.cultures.size, (from, t) => {
      for (let i = from; i < t.length; i++) {
        const [religion, tongue, plans, integration, verified] = d.cultures.values[i];
        t[i] =
          pack(WEIGHTS.religion, sameValue(v.religion, d.religions.values[religion])) +
          pack(WEIGHTS.motherTongue, sameValue(v.motherTongue, d.tongues.values[tongue])) +
          pack(WEIGHTS.returnPlans, scaleFit(v.returnToIndiaPlans, d.returnPlans.values[plans], RETURN_SCALE)) +
          pack(WEIGHTS.culturalIntegration, scaleFit(v.culturalIntegrationLevel, d.integrations.values[integration], INTEGRATION_SCALE)) +
          pack(WEIGHTS.verified, verified ? 1 : 0);
      }
    });
    const place = this.placeCache.get(JSON.stringify([v.locationPreference, v.country, v.educationPreference]), d.places.size, (from, t) => {
      for (let i = from; i < t.length; i++) {
        const [countryId, educationId] = d.places.values[i];
        const country = d.countries.values[countryId];
        t[i] =
          pack(WEIGHTS.location, locationFit(country, v.locationPreference)) +
          pack(WEIGHTS.education, educationFit(d.educations.values[educationId], v.educationPreference)) +
          pack(WEIGHTS.residence, v.country && country ? (v.country === country ? 1 : 0) : null);
      }
    });
    const profession = this.professionCache.get(String(v.professionPreference), d.professions.size, (from, t) => {
      for (let i = from; i < t.length; i++) t[i] = pack(WEIGHTS.profession, professionFit(d.professions.values[i], v.professionPreference));
    });
    const ageYours = new Int32Array(NO_AGE + 1);
    for (let age = 0; age < NO_AGE; age++) ageYours[age] = pack(WEIGHTS.age, ageFit(age, v.agePreferenceMin, v.agePreferenceMax));
    ageYours[NO_AGE] = pack(WEIGHTS.age, ageFit(null, v.agePreferenceMin, v.agePreferenceMax));
    const agePair = this.agePairCache.get(String(viewerAge), d.agePairs.size, (from, t) => {
      for (let i = from; i < t.length; i++) {
        const [min, max] = d.agePairs.values[i];
        t[i] = pack(WEIGHTS.age, ageFit(viewerAge, min, max));
      }
    });
    const locPref = this.locPrefCache.get(String(v.country), d.locPrefs.size, (from, t) => {
      for (let i = from; i < t.length; i++) t[i] = pack(WEIGHTS.location, locationFit(v.country, d.locPrefLists[i]));
    });
    const eduPref = this.eduPrefCache.get(String(v.education), d.eduPrefs.size, (from, t) => {
      for (let i = from; i < t.length; i++) t[i] = pack(WEIGHTS.education, educationFit(v.education, d.eduPrefs.values[i]));
    });
    const profPref = this.profPrefCache.get(String(v.profession), d.profPrefs.size, (from, t) => {
      for (let i = from; i < t.length; i++) t[i] = pack(WEIGHTS.profession, professionFit(v.profession, d.profPrefs.values[i]));
    });
    const astro = this.astroCache.get(`${v.moon}:${v.role}`, (PLACEMENTS + 1) * 3, (from, t) => {
      for (let i = from; i < t.length; i++) {
        const moon = Math.floor(i / 3);
        const guna = gunaBetween(v.moon, v.role, moon === PLACEMENTS ? NO_MOON : moon, (i % 3) as Role);
        t[i] = guna === null ? 0 : pack(WEIGHTS.kundali, kundaliFit(guna));
      }
    });
    const misc = this.miscCache.get(JSON.stringify([v.maritalStatusPreference, v.dietPreference, v.communityPreference]), d.miscs.size, (from, t) => {
      for (let i = from; i < t.length; i++) {
        const [marital, diet, , community] = d.miscs.values[i];
        t[i] =
          pack(WEIGHTS.maritalStatus, listFit(d.maritals.values[marital], v.maritalStatusPreference)) +
          pack(WEIGHTS.diet, listFit(d.diets.values[diet], v.dietPreference)) +
          pack(WEIGHTS.community, communityFit(d.communities.values[community], v.communityPreference));
      }
    });
    const height = new Int32Array(256);
    for (let cm = 0; cm < 256; cm++) height[cm] = pack(WEIGHTS.height, heightFit(cm === NO_HEIGHT ? null : cm, v.heightPreferenceMin, v.heightPreferenceMax));
    const wishes = this.wishesCache.get(JSON.stringify([v.height, v.maritalStatus, v.diet, v.community]), d.wishes.size, (from, t) => {
      for (let i = from; i < t.length; i++) {
        const [min, max, marital, diet, community] = d.wishes.values[i];
        t[i] =
          pack(WEIGHTS.height, heightFit(v.height, min, max)) +
          pack(WEIGHTS.maritalStatus, listFit(v.maritalStatus, d.listPrefLists[marital])) +
          pack(WEIGHTS.diet, listFit(v.diet, d.listPrefLists[diet])) +
          pack(WEIGHTS.community, communityFit(v.community, d.listPrefLists[community]));
      }
    });
    return { culture, place, profession, ageYours, agePair, locPref, eduPref, profPref, astro, misc, height, wishes };
  }
}

/**
 * A candidate's packed points against the viewer's tables: the one formula the scan and `scores` share.
 * `age` is the candidate's age (AgeTable), `role` their Kundali role.
 */
export function packedScore(t: ScoreTables, s: MemberStore, p: number, age: number, role: number): number {
  return (
    t.culture[s.culture.a[p]] + t.place[s.place.a[p]] + t.profession[s.profession.a[p]] + t.ageYours[age] + t.agePair[s.agePair.a[p]] +
    t.locPref[s.locPref.a[p]] + t.eduPref[s.eduPref.a[p]] + t.profPref[s.profPref.a[p]] + t.astro[astroIndex(s.moon[p], role)] +
    t.misc[s.misc.a[p]] + t.height[s.height[p]] + t.wishes[s.wishes.a[p]]
  );
}

/** The astro table's index for a candidate. */
export const astroIndex = (moon: number, role: number) => (moon === NO_MOON ? PLACEMENTS : moon) * 3 + role;
