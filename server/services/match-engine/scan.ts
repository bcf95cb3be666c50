import type { AgeTable } from './ages';
import { Bounds } from './bounds';
import { listIndex } from './eligibility';
import { type Group, PLAIN_ALL } from './groups';
import type { MemberIndex } from './member-index';
import { type ScoreTables, astroIndex, packedScore, percentOfPacked } from './scorer';
import { BLOCK, BLOCK_SHIFT, COUNTED_CLASSES } from './place-counts';
import { F_LIVE, F_PHOTO, type MemberStore, NO_AGE } from './store';

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
  /** placeOk, when set, is the countries filter alone (no education filter): a member's country answers it */
  placeByCountry: boolean;
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

/**
 * A group's plain members (of one wanted gender) that the guna minimum keeps, from the counts by Moon placement:
 * `kept`, the placements it keeps for the group's role (keptPlacements), or null without a guna minimum.
 */
function plainCount(counts: Int32Array | undefined, kept: Int32Array | null): number {
  if (counts === undefined) return 0;
  if (kept === null) return counts[PLAIN_ALL];
  let n = 0;
  for (let i = 0; i < kept.length; i++) n += counts[kept[i]];
  return n;
}

/**
 * Per role, the Moon placements (and "no Moon") a guna minimum keeps: read once per total rather than testing
 * every placement of every group (a hundred-odd groups of a gender at 100k, 109 placements each, was a tenth of a
 * guna-minimum search).
 */
function keptPlacements(astroOk: Uint8Array): Int32Array[] {
  return [0, 1, 2].map((role) => {
    const kept: number[] = [];
    for (let moon = 0; moon < PLAIN_ALL; moon++) if (astroOk[moon * 3 + role] === 1) kept.push(moon);
    return Int32Array.from(kept);
  });
}

/**
 * Only countries and ages filter single members (and the viewer looks for, and is, a gender the place counts
 * count by), so the place counts answer the total (place-counts.ts).
 */
function placesAnswer(index: MemberIndex, plan: ScanPlan): boolean {
  return (
    index.places !== null && plan.memberTable && plan.hits === null && !plan.requireAllowed && plan.cultureOk === null && plan.miscOk === null &&
    (plan.placeOk === null || plan.placeByCountry) && !plan.needPhoto && plan.minActiveHour === 0 && plan.astroOk === null &&
    plan.viewerGender < COUNTED_CLASSES && plan.viewerLookingFor < COUNTED_CLASSES
  );
}

/**
 * The total from the place counts: for each wanted gender and country, the blocks inside the age range's birth
 * dates counted ahead, the partial blocks at its ends and the members added since visited — all as if nothing
 * lay between the viewer and anyone — then corrected for the viewer's own relations, as `total` does.
 */
function placeTotal(index: MemberIndex, plan: ScanPlan): number {
  const s = index.store;
  const places = index.places as NonNullable<MemberIndex['places']>;
  const { order } = places;
  const ageFiltered = plan.minAge > 0 || plan.maxAge < 255;
  const [dobLo, dobHi] = ageFiltered ? plan.ages.dobRange(plan.minAge, plan.maxAge) : [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
  // A block's count stands for its members' ages when its first and last birth dates are real ages in the range:
  // ages only fall as birth dates get later, so every member between them is in the range too.
  const inRange = (p: number) => {
    const age = plan.ages.ageOf(s.dob[p]);
    return age !== NO_AGE && age >= plan.minAge && age <= plan.maxAge;
  };
  const relations = plan.marked.map((p) => plan.relation[p]);
  for (const p of plan.marked) plan.relation[p] = 0;
  let n = 0;
  const genders = plan.viewerLookingFor === 0 ? [...new Set(index.groups.of(null).map((g) => g.gender))] : [plan.viewerLookingFor];
  for (const gender of genders) {
    for (let country = 0; country < index.dicts.countries.size; country++) {
      if (plan.countryOk !== null && plan.countryOk[country] === 0) continue;
      const tail = places.tail(gender, country);
      if (tail !== null) n += sweep(s, plan, tail.a, 0, tail.n, null);
      const [start, end] = places.slice(gender, country);
      if (start === end) continue;
      const from = ageFiltered ? firstFrom(s.dob, order, start, end, dobLo) : start;
      const to = ageFiltered ? firstFrom(s.dob, order, from, end, dobHi + 1) : end;
      const firstBlock = (from + BLOCK - 1) >> BLOCK_SHIFT;
      const endBlock = to >> BLOCK_SHIFT;
      if (firstBlock >= endBlock) {
        n += sweep(s, plan, order, from, to, null);
        continue;
      }
      n += sweep(s, plan, order, from, firstBlock << BLOCK_SHIFT, null) + sweep(s, plan, order, endBlock << BLOCK_SHIFT, to, null);
      for (let b = firstBlock; b < endBlock; b++) {
        const first = b << BLOCK_SHIFT;
        if (ageFiltered && !(inRange(order[first]) && inRange(order[first + BLOCK - 1]))) n += sweep(s, plan, order, first, first + BLOCK, null);
        else n += places.blockCount(b, 0) + (plan.viewerGender === 0 ? 0 : places.blockCount(b, plan.viewerGender));
      }
    }
  }
  plan.marked.forEach((p, i) => {
    plan.relation[p] = relations[i];
  });
  return n + relationsCorrection(s, plan);
}

/** What the viewer's own relations change in a total counted as if nothing lay between them and anyone. */
function relationsCorrection(s: MemberStore, plan: ScanPlan): number {
  let n = 0;
  for (const p of plan.marked) {
    const rel = plan.relation[p];
    plan.relation[p] = 0;
    const assumed = passes(s, plan, p);
    plan.relation[p] = rel;
    n += (passes(s, plan, p) ? 1 : 0) - (assumed ? 1 : 0);
  }
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
    const kept = plan.astroOk === null ? null : keptPlacements(plan.astroOk);
    for (const g of groups) {
      if (plan.cultureOk !== null && plan.cultureOk[g.culture] === 0) continue;
      const placements = kept === null ? null : kept[roleOf(g.gender)];
      n += plainCount(g.plain.get(0), placements);
      if (plan.viewerGender !== 0) n += plainCount(g.plain.get(plan.viewerGender), placements);
    }
    // The counts assume nothing between the two members; the viewer's relations say otherwise for a few.
    return n + relationsCorrection(s, plan);
  }
  for (const g of groups) {
    if (swept.has(g) || (plan.cultureOk !== null && plan.cultureOk[g.culture] === 0)) continue;
    n += sweepGroup(s, plan, g, null);
  }
  return n;
}

/** The groups the culture filter keeps, highest bound first (a counting sort: bounds are percentages). */
function bestBoundFirst(groups: Group[], bound: Int16Array, cultureOk: Uint8Array | null): Group[] {
  const starts = new Int32Array(102);
  for (const g of groups) if (cultureOk === null || cultureOk[g.culture] === 1) starts[100 - bound[g.culture] + 1]++;
  for (let i = 1; i < starts.length; i++) starts[i] += starts[i - 1];
  const out = new Array<Group>(starts[101]);
  for (const g of groups) if (cultureOk === null || cultureOk[g.culture] === 1) out[starts[100 - bound[g.culture]]++] = g;
  return out;
}

/**
 * The viewer has a profile (plan.tables and plan.genders): groups in the order of their bound, stopping when no
 * later group can enter the top k; text hits (a few percent of members for most words) in their own order, all
 * counted, each left unscored when its group's bound cannot enter.
 */
export function rankedScan(index: MemberIndex, plan: ScanPlan): ScanResult {
  const s = index.store;
  const bounds = Bounds.of(plan.tables as ScoreTables, index.dicts);
  const bound = bounds.culture;
  const top = new TopK(plan.k);
  if (plan.hits !== null) {
    const total = sweep(s, plan, plan.hits, 0, plan.hits.length, top, bound);
    return { total, positions: top.positions, scores: top.scores };
  }
  // Skipped runs must still be counted when the total comes from sweeping rather than from the counts.
  const counted = countsAnswer(plan) || placesAnswer(index, plan);
  const countSkipped = plan.countTotal && !counted;
  const groups = groupsOf(index, plan);
  const ordered = bestBoundFirst(groups, bound, plan.cultureOk);
  const swept = new Set<Group>();
  let sweptTotal = 0;
  for (const g of ordered) {
    if (bound[g.culture] + plan.maxBonus < top.floor()) break;
    const reach = (country: number) => bounds.mayReach(g.culture, country, top.floor() - plan.maxBonus);
    sweptTotal += sweepGroup(s, plan, g, top, reach, countSkipped);
    swept.add(g);
  }
  const all = !plan.countTotal ? 0 : !countsAnswer(plan) && placesAnswer(index, plan) ? placeTotal(index, plan) : total(index, plan, groups, swept, sweptTotal);
  return { total: all, positions: top.positions, scores: top.scores };
}
