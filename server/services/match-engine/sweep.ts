import { listIndex } from './eligibility';
import type { Group } from './groups';
import { R_ALLOWED, type ScanPlan } from './scan-plan';
import { astroIndex, packedScore, percentOfPacked } from './scorer';
import { F_LIVE, F_PHOTO, type MemberStore } from './store';

/**
 * The one loop every query shares (`sweep`: eligibility, gender both ways, the filters, the count, the score, the
 * top k after the cursor), the top-k selection it offers candidates to, and a group swept through the stretches
 * of its layout a countries or age filter leaves.
 */

export const roleOf = (g: number) => (g === 1 || g === 2 ? g : 0);

/** The best k by (key desc, profile id asc), kept sorted (k is small: a page plus one). */
export class TopK {
  readonly positions: number[] = [];
  readonly scores: number[] = [];
  private readonly keys: number[] = [];
  private readonly ids: number[] = [];
  constructor(private readonly k: number) {}

  /** The key a newcomer must reach to enter (ties then go by profile id), -Infinity while not full. */
  floor(): number {
    return this.keys.length === this.k ? this.keys[this.k - 1] : Number.NEGATIVE_INFINITY;
  }

  /** Whether a newcomer with this key and id would be turned away (the top is full of better ones). */
  excludes(key: number, id: number): boolean {
    const size = this.keys.length;
    if (size < this.k) return false;
    const worstKey = this.keys[size - 1];
    return key < worstKey || (key === worstKey && id > this.ids[size - 1]);
  }

  offer(key: number, id: number, p: number, score: number): void {
    const size = this.keys.length;
    if (this.excludes(key, id)) return;
    let at = size === this.k ? size - 1 : size;
    while (at > 0 && (this.keys[at - 1] < key || (this.keys[at - 1] === key && this.ids[at - 1] > id))) {
      this.keys[at] = this.keys[at - 1];
      this.ids[at] = this.ids[at - 1];
      this.positions[at] = this.positions[at - 1];
      this.scores[at] = this.scores[at - 1];
      at--;
    }
    this.keys[at] = key;
    this.ids[at] = id;
    this.positions[at] = p;
    this.scores[at] = score;
  }
}

/**
 * The one loop every path shares, over `n` positions of `list`: each position passing eligibility, gender and
 * the filters is counted; with `top`, it is also scored and offered (unless paging leaves it out, or `bound`, the
 * best score of each culture group, says it cannot enter). Plan fields are read into locals once: this loop is
 * the engine's cost.
 */
export function sweep(s: MemberStore, plan: ScanPlan, list: Int32Array, from: number, to: number, top: TopK | null, bound: Int16Array | null = null): number {
  const { flags, gender, lookingFor, dob, moon, profileId, changedAt, activeHour, height, geo, rashi } = s;
  const culture = s.culture.a;
  const place = s.place.a;
  const misc = s.misc.a;
  const { relation, mayList, tables, ages, placeOk, cultureOk, miscOk, astroOk, bonus, maxBonus, after } = plan;
  const { viewerGender, viewerLookingFor, genders, minAge, maxAge, needPhoto, minActiveHour, requireAllowed, changedBefore, skipBits } = plan;
  const { minHeight, maxHeight, geoOk, rashiOk, sortKey, keyCeiling } = plan;
  const heights = minHeight > 0 || maxHeight < 255;
  let passing = 0;
  for (let c = from; c < to; c++) {
    const p = list[c];
    const f = flags[p];
    if ((f & F_LIVE) === 0) continue;
    const rel = relation[p];
    if (mayList[listIndex(f, rel & 3)] === 0) continue;
    if ((rel & skipBits) !== 0) continue;
    if (requireAllowed && (rel & R_ALLOWED) === 0) continue;
    const g = gender[p];
    if (genders) {
      if (viewerLookingFor !== 0 && g !== viewerLookingFor) continue;
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
    if (heights && (height[p] === 0 || height[p] < minHeight || height[p] > maxHeight)) continue;
    if (geoOk !== null && geoOk[geo[p]] === 0) continue;
    if (rashiOk !== null && rashiOk[rashi[p]] === 0) continue;
    const role = roleOf(g);
    if (astroOk !== null && astroOk[astroIndex(moon[p], role)] === 0) continue;
    passing++;
    if (top === null || changedAt[p] > changedBefore) continue;
    if (bound !== null && bound[culture[p]] + maxBonus < top.floor()) continue;
    const id = profileId[p];
    if (sortKey !== null) {
      // Sorted by a column: the key decides entry, so only a member who enters is scored (for the card), not every
      // member of the sweep.
      const key = sortKey[p];
      if (key > keyCeiling) continue;
      if (after !== null && (key > after.key || (key === after.key && id <= after.profileId))) continue;
      const ranked = bonus === null ? key : key + bonus(p);
      if (ranked < top.floor()) continue;
      top.offer(ranked, id, p, tables === null ? -1 : percentOfPacked(packedScore(tables, s, p, age, role)));
      continue;
    }
    const score = tables === null ? -1 : percentOfPacked(packedScore(tables, s, p, age, role));
    if (after !== null && (score > after.key || (score === after.key && id <= after.profileId))) continue;
    top.offer(bonus === null ? score : score + bonus(p), id, p, score);
  }
  return passing;
}

/** The first index in [from, to) of `list` whose birth date is at least `dob` (birth dates ascending there). */
export function firstFrom(dobs: Int32Array, list: Int32Array, from: number, to: number, dob: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (dobs[list[mid]] < dob) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * One group swept: with a countries or age filter, only the stretches of its ordered part that can match (each
 * country's run, cut to the birth dates of the age range) and then the members added since; else all of it.
 * With `reach`, a country's run whose members cannot enter the top results is not scored, only counted when
 * `countSkipped` (the total then comes from sweeping).
 */
export function sweepGroup(s: MemberStore, plan: ScanPlan, g: Group, top: TopK | null, reach: ((country: number) => boolean) | null = null, countSkipped = true): number {
  const list = g.positions.a;
  const ageFiltered = plan.minAge > 0 || plan.maxAge < 255;
  if (plan.countryOk === null && !ageFiltered && reach === null) return sweep(s, plan, list, 0, g.positions.n, top);
  const [dobLo, dobHi] = ageFiltered ? plan.ages.dobRange(plan.minAge, plan.maxAge) : [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
  const runs = g.runs;
  let passing = 0;
  for (let r = 0; r < runs.length; r += 3) {
    if (plan.countryOk !== null && plan.countryOk[runs[r]] === 0) continue;
    const scored = reach === null || reach(runs[r]);
    if (!scored && !countSkipped) continue;
    let from = runs[r + 1];
    let to = runs[r + 2];
    if (ageFiltered) {
      from = firstFrom(s.dob, list, from, to, dobLo);
      to = firstFrom(s.dob, list, from, to, dobHi + 1);
    }
    passing += sweep(s, plan, list, from, to, scored ? top : null);
  }
  return g.sorted === g.positions.n ? passing : passing + sweep(s, plan, list, g.sorted, g.positions.n, top);
}
