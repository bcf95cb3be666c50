import type { AgeTable } from './ages';
import { Bounds } from './bounds';
import { listIndex } from './eligibility';
import { type Group, PLAIN_ALL } from './groups';
import type { MemberIndex } from './member-index';
import { type ScoreTables, astroIndex, packedScore, percentOfPacked } from './scorer';
import { F_LIVE, F_PHOTO, type MemberStore } from './store';

/**
 * A query's answer: which candidates pass eligibility (the relationship policy's table and the viewer's relations),
 * gender wanted both ways and the filters; how many; and the best k by (score, profile id) after the cursor.
 *
 * Two shapes of the same answer:
 * - `scan` visits every candidate and scores each (a viewer without a profile: everyone scores alike);
 * - `rankedScan` (a viewer with a profile) visits the viewer's (gender, culture) groups best bound first and stops
 *   at the first group whose bound cannot enter the top k (bounds.ts), and takes the total from the groups' counts
 *   when no filter looks at single members. engine.test.ts holds both to a brute force over random data.
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
  /** the text hits (positions whose text holds every word of the query), or null without words */
  hits: Int32Array | null;
  mayList: Uint8Array;
  /** the policy's table is the members' one (not staff's): group counts are of what it lets members see */
  memberTable: boolean;
  /** per position relation bits, non-zero only for the viewer's relations */
  relation: Uint8Array;
  /** positions with a relation bit set (each once) */
  marked: number[];
  skipBits: number;
  viewerGender: number;
  viewerLookingFor: number;
  /** gender rule applies (the viewer has a profile) */
  genders: boolean;
  tables: ScoreTables | null;
  ages: AgeTable;
  placeOk: Uint8Array | null;
  /** the countries filter alone (by country id), to read only those countries' stretches of a group */
  countryOk: Uint8Array | null;
  cultureOk: Uint8Array | null;
  miscOk: Uint8Array | null;
  astroOk: Uint8Array | null;
  minAge: number;
  maxAge: number;
  needPhoto: boolean;
  minActiveHour: number;
  requireAllowed: boolean;
  /** extra ranking points per position (featured), or null; never more than `maxBonus` */
  bonus: ((p: number) => number) | null;
  maxBonus: number;
  /** results strictly after (score, profileId) in (score desc, id asc) order */
  after: { score: number; profileId: number } | null;
  /** positions changed after this instant (ms) are left out (pages after the first) */
  changedBefore: number;
  /** whether the total is wanted (daily and featured lists do not show one) */
  countTotal: boolean;
  k: number;
}

export interface ScanResult {
  total: number;
  /** best first: positions, scores (percent, -1 without a viewer profile), ranking keys */
  positions: number[];
  scores: number[];
}

const roleOf = (g: number) => (g === 1 || g === 2 ? g : 0);

/** The best k by (key desc, profile id asc), kept sorted (k is small: a page plus one). */
class TopK {
  readonly positions: number[] = [];
  readonly scores: number[] = [];
  private readonly keys: number[] = [];
  private readonly ids: number[] = [];
  constructor(private readonly k: number) {}

  /** The key a newcomer must reach to enter (ties then go by profile id), -Infinity while not full. */
  floor(): number {
    return this.keys.length === this.k ? this.keys[this.k - 1] : Number.NEGATIVE_INFINITY;
  }

  offer(key: number, id: number, p: number, score: number): void {
    const size = this.keys.length;
    if (size === this.k) {
      const worstKey = this.keys[size - 1];
      if (key < worstKey || (key === worstKey && id > this.ids[size - 1])) return;
    }
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
function sweep(s: MemberStore, plan: ScanPlan, list: Int32Array, from: number, to: number, top: TopK | null, bound: Int16Array | null = null): number {
  const { flags, gender, lookingFor, dob, moon, profileId, changedAt, activeHour } = s;
  const culture = s.culture.a;
  const place = s.place.a;
  const misc = s.misc.a;
  const { relation, mayList, tables, ages, placeOk, cultureOk, miscOk, astroOk, bonus, maxBonus, after } = plan;
  const { viewerGender, viewerLookingFor, genders, minAge, maxAge, needPhoto, minActiveHour, requireAllowed, changedBefore, skipBits } = plan;
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
    const role = roleOf(g);
    if (astroOk !== null && astroOk[astroIndex(moon[p], role)] === 0) continue;
    passing++;
    if (top === null || changedAt[p] > changedBefore) continue;
    if (bound !== null && bound[culture[p]] + maxBonus < top.floor()) continue;
    const score = tables === null ? -1 : percentOfPacked(packedScore(tables, s, p, age, role));
    const id = profileId[p];
    if (after !== null && (score > after.score || (score === after.score && id <= after.profileId))) continue;
    top.offer(bonus === null ? score : score + bonus(p), id, p, score);
  }
  return passing;
}

/** The first index in [from, to) of `list` whose birth date is at least `dob` (birth dates ascending there). */
function firstFrom(dobs: Int32Array, list: Int32Array, from: number, to: number, dob: number): number {
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
function sweepGroup(s: MemberStore, plan: ScanPlan, g: Group, top: TopK | null, reach: ((country: number) => boolean) | null = null, countSkipped = true): number {
  const list = g.positions.a;
  const ageFiltered = plan.minAge > 0 || plan.maxAge < 255;
  if (plan.countryOk === null && !ageFiltered && reach === null) return sweep(s, plan, list, 0, g.positions.n, top);
  const [dobLo, dobHi] = ageFiltered ? plan.ages.dobRange(plan.minAge, plan.maxAge) : [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
  const runs = g.runs;
  let passing = 0;
  for (let r = 0; r < runs.length; r += 3) {
    if (plan.countryOk !== null && plan.countryOk[runs[r]] === 0) continue;
    let from = runs[r + 1];
    let to = runs[r + 2];
    if (ageFiltered) {
      from = firstFrom(s.dob, list, from, to, dobLo);
      to = firstFrom(s.dob, list, from, to, dobHi + 1);
    }
    if (reach !== null && !reach(runs[r])) {
      if (countSkipped) passing += sweep(s, plan, list, from, to, null);
      continue;
    }
    passing += sweep(s, plan, list, from, to, top);
  }
  return passing + sweep(s, plan, list, g.sorted, g.positions.n, top);
}

/** Every candidate visited and scored (the text hits, or every group). */
export function scan(index: MemberIndex, plan: ScanPlan): ScanResult {
  const s = index.store;
  const top = new TopK(plan.k);
  if (plan.hits !== null) {
    const total = sweep(s, plan, plan.hits, 0, plan.hits.length, top);
    return { total, positions: top.positions, scores: top.scores };
  }
  let total = 0;
  for (const g of index.groups.of(null)) total += sweepGroup(s, plan, g, top);
  return { total, positions: top.positions, scores: top.scores };
}

/** The groups of the gender the viewer looks for (every gender when they look for anyone). */
function groupsOf(index: MemberIndex, plan: ScanPlan): Group[] {
  return index.groups.of(plan.viewerLookingFor === 0 ? null : plan.viewerLookingFor);
}

/** No filter looks at single members, so the groups' counts answer the total (plus the viewer's relations). */
function countsAnswer(plan: ScanPlan): boolean {
  return (
    plan.memberTable && plan.hits === null && !plan.requireAllowed && plan.minAge <= 0 && plan.maxAge >= 255 && plan.placeOk === null && plan.miscOk === null &&
    !plan.needPhoto && plan.minActiveHour === 0
  );
}

/** A group's plain members (of one wanted gender) that the guna minimum keeps, from the counts by Moon placement. */
function plainCount(counts: Int32Array | undefined, astroOk: Uint8Array | null, role: number): number {
  if (counts === undefined) return 0;
  if (astroOk === null) return counts[PLAIN_ALL];
  let n = 0;
  for (let moon = 0; moon < PLAIN_ALL; moon++) if (counts[moon] !== 0 && astroOk[moon * 3 + role] === 1) n += counts[moon];
  return n;
}

/** Whether one position passes (the viewer's relations as marked, or none at all). */
function passes(s: MemberStore, plan: ScanPlan, p: number): boolean {
  return sweep(s, plan, Int32Array.of(p), 0, 1, null) === 1;
}

/** The total over the groups not swept yet (`swept`), from their counts when no filter looks at single members. */
function total(index: MemberIndex, plan: ScanPlan, groups: Group[], swept: Set<Group>, sweptTotal: number): number {
  const s = index.store;
  let n = sweptTotal;
  if (countsAnswer(plan)) {
    n = 0;
    for (const g of groups) {
      if (plan.cultureOk !== null && plan.cultureOk[g.culture] === 0) continue;
      n += plainCount(g.plain.get(0), plan.astroOk, roleOf(g.gender));
      if (plan.viewerGender !== 0) n += plainCount(g.plain.get(plan.viewerGender), plan.astroOk, roleOf(g.gender));
    }
    // The counts assume nothing between the two members; the viewer's relations say otherwise for a few.
    for (const p of plan.marked) {
      const rel = plan.relation[p];
      plan.relation[p] = 0;
      const assumed = passes(s, plan, p);
      plan.relation[p] = rel;
      n += (passes(s, plan, p) ? 1 : 0) - (assumed ? 1 : 0);
    }
    return n;
  }
  for (const g of groups) {
    if (swept.has(g) || (plan.cultureOk !== null && plan.cultureOk[g.culture] === 0)) continue;
    n += sweepGroup(s, plan, g, null);
  }
  return n;
}

/**
 * The viewer has a profile (plan.tables and plan.genders): groups in the order of their bound, stopping when no
 * later group can enter the top k; text hits (a few percent of members for most words) in their own order, all
 * counted, each left unscored when its group's bound cannot enter.
 */
export function rankedScan(index: MemberIndex, plan: ScanPlan): ScanResult {
  const s = index.store;
  const bounds = new Bounds(plan.tables as ScoreTables, index.dicts);
  const bound = bounds.culture;
  const top = new TopK(plan.k);
  if (plan.hits !== null) {
    const total = sweep(s, plan, plan.hits, 0, plan.hits.length, top, bound);
    return { total, positions: top.positions, scores: top.scores };
  }
  // Skipped runs must still be counted when the total comes from sweeping rather than from the groups' counts.
  const countSkipped = plan.countTotal && !countsAnswer(plan);
  const groups = groupsOf(index, plan);
  const ordered = groups
    .filter((g) => plan.cultureOk === null || plan.cultureOk[g.culture] === 1)
    .sort((a, b) => bound[b.culture] - bound[a.culture]);
  const swept = new Set<Group>();
  let sweptTotal = 0;
  for (const g of ordered) {
    if (bound[g.culture] + plan.maxBonus < top.floor()) break;
    const reach = (country: number) => bounds.mayReach(g.culture, country, top.floor() - plan.maxBonus);
    sweptTotal += sweepGroup(s, plan, g, top, reach, countSkipped);
    swept.add(g);
  }
  return { total: plan.countTotal ? total(index, plan, groups, swept, sweptTotal) : 0, positions: top.positions, scores: top.scores };
}
