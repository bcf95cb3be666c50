import { Bounds } from './bounds';
import type { Group } from './groups';
import type { MemberIndex } from './member-index';
import type { ScanPlan, ScanResult } from './scan-plan';
import type { ScoreTables } from './scorer';
import { TopK, sweep, sweepGroup } from './sweep';
import { countsAnswer, placeTotal, placesAnswer, total } from './totals';

/**
 * A query's answer: which candidates pass eligibility (the relationship policy's table and the viewer's relations),
 * gender wanted both ways and the filters; how many; and the best k by (score, profile id) after the cursor.
 *
 * Two shapes of the same answer:
 * - `scan` visits every candidate and scores each (a viewer without a profile: everyone scores alike);
 * - `rankedScan` (a viewer with a profile) visits the viewer's (gender, culture) groups best bound first and stops
 *   at the first group whose bound cannot enter the top k (bounds.ts), and takes the total from the groups' counts
 *   when no filter looks at single members. engine.test.ts holds both to a brute force over random data.
 * The plan a query hands in is scan-plan.ts', the loop sweep.ts', the totals' shortcuts totals.ts'.
 */

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
  if (plan.sortKey !== null) return sortedScan(index, plan);
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

/**
 * Sorted by a column (newest, active, age) rather than the score: the wanted genders' presorted orders walked from
 * the cursor until no later member can enter the page (sorted-orders.ts), the total from the counts as for the
 * score. When the total needs a visit to every member anyway (filters on single members the counts do not hold),
 * or the text hits are few, or the orders are not made yet, one sweep ranks and counts together.
 */
function sortedScan(index: MemberIndex, plan: ScanPlan): ScanResult {
  const s = index.store;
  const top = new TopK(plan.k);
  const groups = groupsOf(index, plan);
  const counted = !plan.countTotal || countsAnswer(plan) || placesAnswer(index, plan);
  if (plan.hits === null && index.orders !== null && plan.sortColumn !== null && counted) {
    const genders = plan.viewerLookingFor === 0 ? [...new Set(groups.map((g) => g.gender))] : [plan.viewerLookingFor];
    for (const gender of genders) index.orders.walk(s, plan, plan.sortColumn, gender, top);
    const all = !plan.countTotal ? 0 : countsAnswer(plan) ? total(index, plan, groups, new Set(), 0) : placeTotal(index, plan);
    return { total: all, positions: top.positions, scores: top.scores };
  }
  let all = 0;
  if (plan.hits !== null) all = sweep(s, plan, plan.hits, 0, plan.hits.length, top);
  else for (const g of groups) if (plan.cultureOk === null || plan.cultureOk[g.culture] === 1) all += sweepGroup(s, plan, g, top);
  return { total: all, positions: top.positions, scores: top.scores };
}
