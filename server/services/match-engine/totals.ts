import { PLAIN_ALL, type Group } from './groups';
import type { MemberIndex } from './member-index';
import { BLOCK, BLOCK_SHIFT, COUNTED_CLASSES } from './place-counts';
import type { ScanPlan } from './scan-plan';
import { firstFrom, roleOf, sweep, sweepGroup } from './sweep';
import { type MemberStore, NO_AGE } from './store';

/**
 * A query's total without visiting everyone where it can: from the groups' counts of plainly visible members when
 * no filter looks at single members, from the place counts when only countries and ages do, corrected for the
 * viewer's own relations; otherwise by sweeping the groups the ranking did not visit.
 */

/** No filter looks at single members, so the groups' counts answer the total (plus the viewer's relations). */
export function countsAnswer(plan: ScanPlan): boolean {
  return (
    plan.memberTable && plan.hits === null && !plan.requireAllowed && plan.minAge <= 0 && plan.maxAge >= 255 && plan.placeOk === null && plan.miscOk === null &&
    !plan.needPhoto && plan.minActiveHour === 0 && !onSingleMembers(plan)
  );
}

/** Filters only a visit to each member answers (height, distance, rashi): no count holds them. */
function onSingleMembers(plan: ScanPlan): boolean {
  return plan.minHeight > 0 || plan.maxHeight < 255 || plan.geoOk !== null || plan.rashiOk !== null;
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
export function placesAnswer(index: MemberIndex, plan: ScanPlan): boolean {
  return (
    index.places !== null && plan.memberTable && plan.hits === null && !plan.requireAllowed && plan.cultureOk === null && plan.miscOk === null &&
    (plan.placeOk === null || plan.placeByCountry) && !plan.needPhoto && plan.minActiveHour === 0 && plan.astroOk === null && !onSingleMembers(plan) &&
    plan.viewerGender < COUNTED_CLASSES && plan.viewerLookingFor < COUNTED_CLASSES
  );
}

/**
 * The total from the place counts: for each wanted gender and country, the blocks inside the age range's birth
 * dates counted ahead, the partial blocks at its ends and the members added since visited — all as if nothing
 * lay between the viewer and anyone — then corrected for the viewer's own relations, as `total` does.
 */
export function placeTotal(index: MemberIndex, plan: ScanPlan): number {
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
export function total(index: MemberIndex, plan: ScanPlan, groups: Group[], swept: Set<Group>, sweptTotal: number): number {
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
