import type { AgeTable } from './ages';
import { listIndex } from './eligibility';
import type { MemberIndex } from './member-index';
import { type ScoreTables, astroIndex, packedScore, percentOfPacked } from './scorer';
import { F_LIVE, F_PHOTO } from './store';

/**
 * One pass over the candidates of a query: eligibility (the relationship policy's table and the viewer's
 * relations), gender wanted both ways, the filters, the count, the score, and a top-k selection by
 * (score, profile id) after the cursor. Everything per candidate is a typed-array read or a table lookup.
 */

// Relation bits of a position for the viewer of the query (pair bits first, as eligibility.ts reads them).
export const R_BLOCKED = 1;
export const R_MATCHED = 2;
export const R_SELF = 4;
export const R_NOT_INTERESTED = 8;
export const R_LIKED = 16;
export const R_EXCLUDED = 32; // the query's own exclusions (shown on earlier days)
export const R_ALLOWED = 64; // the query's allow-list (mood match)

export interface ScanPlan {
  /** positions to look at (the text index's hits), or null for every position */
  candidates: Int32Array | null;
  mayList: Uint8Array;
  /** per position relation bits, non-zero only for the viewer's relations */
  relation: Uint8Array;
  /** positions with any relation bit set, to clear after the scan */
  skipBits: number;
  viewerGender: number;
  viewerLookingFor: number;
  /** gender rule applies (the viewer has a profile) */
  genders: boolean;
  tables: ScoreTables | null;
  ages: AgeTable;
  placeOk: Uint8Array | null;
  cultureOk: Uint8Array | null;
  miscOk: Uint8Array | null;
  astroOk: Uint8Array | null;
  minAge: number;
  maxAge: number;
  needPhoto: boolean;
  minActiveHour: number;
  requireAllowed: boolean;
  /** extra ranking points per position (featured), or null */
  bonus: ((p: number) => number) | null;
  /** results strictly after (score, profileId) in (score desc, id asc) order */
  after: { score: number; profileId: number } | null;
  /** positions changed after this instant (ms) are left out (pages after the first) */
  changedBefore: number;
  k: number;
}

export interface ScanResult {
  total: number;
  /** best first: positions, scores (percent, -1 without a viewer profile), ranking keys */
  positions: number[];
  scores: number[];
}

export function scan(index: MemberIndex, plan: ScanPlan): ScanResult {
  const s = index.store;
  const { flags, gender, lookingFor, dob, moon, profileId, changedAt, activeHour } = s;
  const culture = s.culture.a;
  const place = s.place.a;
  const misc = s.misc.a;
  const { relation, mayList, tables, ages, placeOk, cultureOk, miscOk, astroOk, bonus, after, candidates } = plan;
  const { viewerGender, viewerLookingFor, genders, minAge, maxAge, needPhoto, minActiveHour, requireAllowed, changedBefore, skipBits } = plan;
  const k = plan.k;
  const topPos: number[] = [];
  const topKey: number[] = [];
  const topScore: number[] = [];
  const topId: number[] = [];
  let total = 0;
  const n = candidates ? candidates.length : s.size;
  for (let c = 0; c < n; c++) {
    const p = candidates ? candidates[c] : c;
    const f = flags[p];
    if ((f & F_LIVE) === 0) continue;
    const rel = relation[p];
    if (mayList[listIndex(f, rel & 3)] === 0) continue;
    if ((rel & skipBits) !== 0) continue;
    if (requireAllowed && (rel & R_ALLOWED) === 0) continue;
    if (genders) {
      if (viewerLookingFor !== 0 && gender[p] !== viewerLookingFor) continue;
      const lf = lookingFor[p];
      if (lf !== 0 && lf !== viewerGender) continue;
    }
    const age = ages.ageOf(dob[p]);
    if (age < minAge || age > maxAge) continue;
    if (placeOk !== null && placeOk[place[p]] === 0) continue;
    if (cultureOk !== null && cultureOk[culture[p]] === 0) continue;
    if (miscOk !== null && miscOk[misc[p]] === 0) continue;
    if (needPhoto && (f & F_PHOTO) === 0) continue;
    if (minActiveHour > 0 && activeHour[p] < minActiveHour) continue;
    const m = moon[p];
    const g = gender[p];
    const role = g === 1 || g === 2 ? g : 0;
    if (astroOk !== null && astroOk[astroIndex(m, role)] === 0) continue;
    total++;
    if (changedAt[p] > changedBefore) continue;
    const score = tables === null ? -1 : percentOfPacked(packedScore(tables, s, p, age, role));
    const id = profileId[p];
    if (after !== null && (score > after.score || (score === after.score && id <= after.profileId))) continue;
    const key = bonus === null ? score : score + bonus(p);
    const size = topKey.length;
    if (size === k) {
      const worstKey = topKey[size - 1];
      if (key < worstKey || (key === worstKey && id > topId[size - 1])) continue;
    }
    // Insert in order (k is small: a page plus one).
    let at = size === k ? size - 1 : size;
    while (at > 0 && (topKey[at - 1] < key || (topKey[at - 1] === key && topId[at - 1] > id))) {
      topKey[at] = topKey[at - 1];
      topId[at] = topId[at - 1];
      topPos[at] = topPos[at - 1];
      topScore[at] = topScore[at - 1];
      at--;
    }
    topKey[at] = key;
    topId[at] = id;
    topPos[at] = p;
    topScore[at] = score;
  }
  return { total, positions: topPos, scores: topScore };
}
