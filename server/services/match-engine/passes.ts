import { AgeTable, dayAt } from './ages';
import { mayListTable } from './eligibility';
import { matchProfileAt } from './match-profile';
import type { MemberIndex } from './member-index';
import type { RelationsCache } from './relations';
import { rankedScan, scan } from './scan';
import { R_BLOCKED, R_LIKED, R_MATCHED, R_NOT_INTERESTED, R_SELF, type ScanPlan, type ScanResult } from './scan-plan';
import type { ScoreTables, Scorer } from './scorer';
import { NO_AGE } from './store';
import type { Ranked, Viewer } from './types';

export interface Pass {
  index: MemberIndex;
  plan: ScanPlan;
  marked: number[];
}

type Relations = Awaited<ReturnType<RelationsCache['get']>>;

/**
 * One viewer's pass over the index: the scoring tables from the viewer's profile, the relation marks (blocked,
 * matched, liked, "not interested", the query's own lists) and the scan itself. The marks live in one array the
 * size of the index, shared by every pass: a pass is synchronous from `prepare` to the end of `run`, which clears
 * its marks, so no other query ever sees them.
 */
export class Passes {
  private relation = new Uint8Array(0);
  private ages: AgeTable | null = null;

  /** Ages as of `day` (the first day of a search, kept by its cursor), computed once per day. */
  agesFor(day: string): AgeTable {
    const at = dayAt(day);
    if (!this.ages || this.ages.day !== Math.floor(at.getTime() / 86_400_000)) this.ages = new AgeTable(at);
    return this.ages;
  }

  /** The viewer's scoring tables (both directions of preferences), or null when the viewer has no live profile. */
  viewerTables(index: MemberIndex, scorer: Scorer, ages: AgeTable, vp: number): ScoreTables | null {
    if (vp === -1) return null;
    const s = index.store;
    const viewerAge = ages.ageOf(s.dob[vp]);
    return scorer.tables({ ...matchProfileAt(index.store, index.dicts, vp), moon: s.moon[vp], role: index.roleOf(vp) }, viewerAge === NO_AGE ? null : viewerAge);
  }

  /** Prepares a pass for the viewer: scoring tables, relation marks (cleared by `run`), the policy's table. */
  prepare(index: MemberIndex, scorer: Scorer, viewer: Viewer, relations: Relations, day: string, extra: Partial<ScanPlan>): Pass {
    const s = index.store;
    if (this.relation.length < s.capacity) this.relation = new Uint8Array(s.capacity);
    const ages = this.agesFor(day);
    const vp = index.positionOf(viewer.id);
    const pass: Pass = { index, plan: null as unknown as ScanPlan, marked: [] };
    this.mark(pass, [viewer.id], R_SELF);
    this.mark(pass, relations.family, R_SELF);
    this.mark(pass, relations.blocked, R_BLOCKED);
    this.mark(pass, relations.matched, R_MATCHED);
    this.mark(pass, relations.notInterested, R_NOT_INTERESTED);
    this.mark(pass, relations.liked, R_LIKED);
    const staff = viewer.role === 'reviewer' || viewer.role === 'admin';
    pass.plan = {
      hits: null,
      mayList: mayListTable(staff),
      memberTable: !staff,
      relation: this.relation,
      marked: pass.marked,
      skipBits: R_SELF | R_NOT_INTERESTED,
      viewerGender: vp === -1 ? 0 : s.gender[vp],
      viewerLookingFor: vp === -1 ? 0 : s.lookingFor[vp],
      genders: vp !== -1,
      tables: this.viewerTables(index, scorer, ages, vp),
      ages,
      placeOk: null,
      countryOk: null,
      placeByCountry: false,
      cultureOk: null,
      miscOk: null,
      astroOk: null,
      minAge: 0,
      maxAge: 255,
      minHeight: 0,
      maxHeight: 255,
      geoOk: null,
      rashiOk: null,
      sortKey: null,
      sortColumn: null,
      keyCeiling: Number.POSITIVE_INFINITY,
      needPhoto: false,
      minActiveHour: 0,
      requireAllowed: false,
      bonus: null,
      maxBonus: 0,
      after: null,
      changedBefore: Number.POSITIVE_INFINITY,
      countTotal: true,
      k: 20,
      ...extra,
    };
    return pass;
  }

  /** Marks these members with `bit` for this pass (members without a live profile are not in the index). */
  mark(pass: Pass, userIds: Iterable<number>, bit: number): void {
    for (const id of userIds) {
      const p = pass.index.positionOf(id);
      if (p === -1) continue;
      if (this.relation[p] === 0) pass.marked.push(p);
      this.relation[p] |= bit;
    }
  }

  /** The pass itself, then its marks cleared: bounded by groups when the viewer has a profile to score with, else every candidate. */
  run(pass: Pass): ScanResult {
    try {
      return pass.plan.tables !== null && pass.plan.genders ? rankedScan(pass.index, pass.plan) : scan(pass.index, pass.plan);
    } finally {
      for (const p of pass.marked) this.relation[p] = 0;
    }
  }
}

/** Results as the engine's callers read them, from positions in the index. */
export function rankedOf(index: MemberIndex, positions: number[], scores: number[]): Ranked[] {
  const s = index.store;
  const d = index.dicts;
  return positions.map((p, i) => ({
    userId: s.userId[p],
    profileId: s.profileId[p],
    score: scores[i] < 0 ? null : scores[i],
    profession: d.professions.values[s.profession.a[p]] ?? null,
    country: d.countries.values[d.places.values[s.place.a[p]][0]] ?? null,
  }));
}
