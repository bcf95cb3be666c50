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

export function cultureBounds(t: ScoreTables, cultures: number): Int16Array {
  const others = [t.place, t.profession, t.ageYours, t.agePair, t.locPref, t.eduPref, t.profPref, t.astro].map(distinct);
  // rest[S]: the sum over the other tables of their best 2e − (2S − 1)a.
  const rest = new Float64Array(MAX + 1);
  for (let S = 0; S <= MAX; S++) {
    const slope = 2 * S - 1;
    let sum = 0;
    for (const values of others) {
      let best = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < values.length; i++) {
        const v = values[i];
        const x = 2 * (v >> 7) - slope * (v & 127);
        if (x > best) best = x;
      }
      sum += best;
    }
    rest[S] = sum;
  }
  const out = new Int16Array(cultures);
  const culture = t.culture;
  for (let c = 0; c < cultures; c++) {
    const v = culture[c];
    const e2 = 2 * (v >> 7);
    const a = v & 127;
    // The largest S with e2 − (2S − 1)a + rest[S] ≥ 0 (true at S = 0, non-increasing in S).
    let lo = 0;
    let hi = MAX;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (e2 - (2 * mid - 1) * a + rest[mid] >= 0) lo = mid;
      else hi = mid - 1;
    }
    out[c] = lo;
  }
  return out;
}
