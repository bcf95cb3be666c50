import type { Dictionaries } from './dictionaries';
import type { ScoreTables } from './scorer';

/**
 * The highest percentage any member of a culture group can reach with this viewer, for every culture tuple.
 *
 * A member's percentage is round(E / A), E and A the sums of the packed (earned, available) points of its table
 * lookups (scorer.ts). round(E / A) ≥ S exactly when 2E − (2S − 1)A ≥ 0, and that sum splits by table: the
 * culture table's part for the group, plus for every other table at most the largest 2e − (2S − 1)a among its
 * entries. When even that optimistic sum is negative, nobody in the group reaches S. The bound of a group is the
 * largest S (0–100) for which it is not negative; it only needs to be at least every member's real percentage,
 * and it is, since every member's own entries are among those the maxima are taken over.
 */

const distinctCache = new WeakMap<Int32Array, Int32Array>();

/** The different packed values of a table (tables are rebuilt, not changed, when they grow). */
function distinct(table: Int32Array): Int32Array {
  let values = distinctCache.get(table);
  if (!values) {
    values = Int32Array.from(new Set(table));
    distinctCache.set(table, values);
  }
  return values;
}

const MAX = 100;

/** For every S, a table's best 2e − (2S − 1)a over its entries. */
function bestTerms(table: Int32Array): Float64Array {
  const values = distinct(table);
  const out = new Float64Array(MAX + 1);
  for (let S = 0; S <= MAX; S++) {
    const slope = 2 * S - 1;
    let best = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      const x = 2 * (v >> 7) - slope * (v & 127);
      if (x > best) best = x;
    }
    out[S] = best;
  }
  return out;
}

/** The place ids of each country (places are (country, education) pairs), kept while the dictionary only grows. */
const placesCache = new WeakMap<Dictionaries, { size: number; byCountry: number[][] }>();
function placesByCountry(d: Dictionaries): number[][] {
  let entry = placesCache.get(d);
  if (!entry || entry.size !== d.places.size) {
    const byCountry: number[][] = [];
    d.places.values.forEach(([country], place) => {
      (byCountry[country] ??= []).push(place);
    });
    entry = { size: d.places.size, byCountry };
    placesCache.set(d, entry);
  }
  return entry.byCountry;
}

/**
 * A query's bounds. `culture[c]` is the highest percentage any member of culture group c can reach; `mayReach`
 * answers the same question for the members of a group who live in one country (a run of the group's ordered
 * part), with the place table's best among that country's places instead of among all: the stretch of a group in
 * a country the viewer does not prefer is passed over without scoring anyone in it.
 */
const boundsCache = new WeakMap<ScoreTables, Bounds>();

export class Bounds {
  /** The bounds of a set of tables, made once (Scorer.tables gives a viewer the same tables while nothing grew). */
  static of(t: ScoreTables, dicts: Dictionaries): Bounds {
    let bounds = boundsCache.get(t);
    if (!bounds) boundsCache.set(t, (bounds = new Bounds(t, dicts)));
    return bounds;
  }

  readonly culture: Int16Array;
  /** per S, the other tables' best terms without the place table */
  private readonly restButPlace = new Float64Array(MAX + 1);
  private readonly byCountry: number[][];

  constructor(
    private readonly t: ScoreTables,
    dicts: Dictionaries,
  ) {
    const place = bestTerms(t.place);
    for (const table of [t.profession, t.ageYours, t.agePair, t.locPref, t.eduPref, t.profPref, t.astro, t.misc, t.height, t.wishes]) {
      const terms = bestTerms(table);
      for (let S = 0; S <= MAX; S++) this.restButPlace[S] += terms[S];
    }
    this.byCountry = placesByCountry(dicts);
    const cultures = dicts.cultures.size;
    this.culture = new Int16Array(cultures);
    for (let c = 0; c < cultures; c++) {
      const v = t.culture[c];
      const e2 = 2 * (v >> 7);
      const a = v & 127;
      // The largest S with e2 − (2S − 1)a + rest[S] ≥ 0 (true at S = 0, non-increasing in S).
      let lo = 0;
      let hi = MAX;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (e2 - (2 * mid - 1) * a + place[mid] + this.restButPlace[mid] >= 0) lo = mid;
        else hi = mid - 1;
      }
      this.culture[c] = lo;
    }
  }

  /** Whether a member of culture group `culture` living in `country` may reach a percentage of at least `S`. */
  mayReach(culture: number, country: number, S: number): boolean {
    if (S <= 0) return true;
    if (S > MAX) return false;
    const places = this.byCountry[country];
    if (!places) return true;
    const slope = 2 * S - 1;
    const table = this.t.place;
    let best = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < places.length; i++) {
      const v = table[places[i]];
      const x = 2 * (v >> 7) - slope * (v & 127);
      if (x > best) best = x;
    }
    const v = this.t.culture[culture];
    return 2 * (v >> 7) - slope * (v & 127) + best + this.restButPlace[S] >= 0;
  }
}
