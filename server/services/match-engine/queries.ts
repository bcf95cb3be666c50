import { dayString } from './ages';
import { CursorError, type Cursors } from './cursor';
import { type SearchFilters, filterTables, gunaTable, nearTable, rashiTable } from './filters';
import { gunaBetween } from './kundali-table';
import type { MemberIndex } from './member-index';
import { type Passes, rankedOf } from './passes';
import type { Relations } from './relations';
import { R_ALLOWED, R_EXCLUDED, R_LIKED, R_NOT_INTERESTED, R_SELF } from './scan-plan';
import { type ScoreTables, type Scorer, packedScore, percentOfPacked } from './scorer';
import { SORT_COLUMNS, sortColumnOf } from './sorted-orders';
import { F_VERIFIED } from './store';
import { EngineInputError, type Ranked, type SearchPage, type Viewer } from './types';

/**
 * The engine's questions answered over an index brought up to date: a search page (the cursor checked, the
 * filters turned into the scan's plan, the next cursor signed), the best candidates for daily or featured
 * matches, the scores with given members and the guna total of two. A new search filter becomes a plan field here (scan-plan.ts).
 */

/** What a query reads: the index and its scorer as of the engine's last sync, and the engine's pass buffers. */
export interface QueryState {
  index: MemberIndex;
  scorer: Scorer;
  passes: Passes;
}

/**
 * A page of search results, best match first, with the total. `digest` identifies the search (its filters) for
 * the cursor; `allowedUsers`, when given, keeps only those members (the mood-match filter).
 */
export function searchPage(
  q: QueryState,
  cursors: Cursors,
  viewer: Viewer,
  relations: Relations,
  filters: SearchFilters,
  options: { cursor?: string; limit: number; digest: string; allowedUsers?: Set<number> | null },
): SearchPage {
  let state = null;
  if (options.cursor) {
    try {
      state = cursors.decode(viewer.id, options.digest, options.cursor);
    } catch (error) {
      if (error instanceof CursorError) throw new EngineInputError(error.message, 400);
      throw error;
    }
  }
  const now = Date.now();
  const day = state?.day ?? dayString(new Date());
  const { index, passes } = q;
  const vp = index.positionOf(viewer.id);
  // Pages after the first keep the first page's order: a viewer whose own profile changed, appeared or went
  // since (a negative score in the cursor: no profile then) starts again.
  const ownChanged = vp === -1 ? state !== null && state.score >= 0 : state !== null && (state.score < 0 || index.store.changedAt[vp] > state.startedAt);
  if (ownChanged) {
    throw new EngineInputError('Your profile changed since this search began, so its order did too: start the search again.', 409);
  }
  if (filters.minGuna !== undefined && index.moonOf(vp) === 255) {
    throw new EngineInputError('A minimum guna score needs your birth details (date, time and place, or your rashi and nakshatra) in your profile.', 422);
  }
  const tables = filterTables(index.dicts, filters);
  const ageFiltered = filters.minAge !== undefined || filters.maxAge !== undefined;
  const s = index.store;
  const sortColumn = sortColumnOf(filters.sort);
  const sortKey = sortColumn === null ? null : s[SORT_COLUMNS[sortColumn]];
  const pass = passes.prepare(index, q.scorer, viewer, relations, day, {
    ...tables,
    // Only the gender the viewer looks for can be listed, so only its members' hits are gathered.
    hits: filters.tokens.length ? index.textHits(filters.tokens, vp === -1 ? null : index.spansOf(index.store.lookingFor[vp])) : null,
    minAge: filters.minAge ?? 0,
    maxAge: ageFiltered ? Math.min(254, filters.maxAge ?? 254) : 255,
    needPhoto: filters.hasPhoto === true,
    minActiveHour: filters.activeWithinDays ? Math.floor(Date.now() / 3_600_000) - filters.activeWithinDays * 24 : 0,
    astroOk: filters.minGuna !== undefined ? gunaTable(index.moonOf(vp), index.roleOf(vp), filters.minGuna) : null,
    minHeight: filters.minHeightCm ?? 0,
    maxHeight: filters.maxHeightCm ?? 255,
    geoOk: filters.near ? nearTable(filters.near) : null,
    rashiOk: filters.rashis ? rashiTable(filters.rashis) : null,
    sortKey,
    sortColumn,
    // Activity only moves forward: whoever was active after the first page may have been listed on it already.
    keyCeiling: state && filters.sort === 'active' ? Math.floor(state.startedAt / 3_600_000) : Number.POSITIVE_INFINITY,
    requireAllowed: Boolean(options.allowedUsers),
    after: state ? { key: sortKey === null ? state.score : (state.key ?? Number.POSITIVE_INFINITY), profileId: state.profileId } : null,
    changedBefore: state ? state.startedAt : Number.POSITIVE_INFINITY,
    k: options.limit + 1,
  });
  if (options.allowedUsers) passes.mark(pass, options.allowedUsers, R_ALLOWED);
  const result = passes.run(pass);
  const more = result.positions.length > options.limit;
  const positions = result.positions.slice(0, options.limit);
  const scores = result.scores.slice(0, options.limit);
  let nextCursor: string | null = null;
  if (more) {
    const last = positions.length - 1;
    nextCursor = cursors.encode(viewer.id, options.digest, {
      score: scores[last],
      profileId: index.store.profileId[positions[last]],
      startedAt: state?.startedAt ?? now,
      day,
      key: sortKey === null ? undefined : sortKey[positions[last]],
    });
  }
  return { results: rankedOf(index, positions, scores), total: result.total, nextCursor };
}

/**
 * The viewer's best candidates over the whole pool for daily or featured matches: not liked, not marked "not
 * interested", not in `excludeUsers` (shown on earlier days). Featured needs a photo and ranks by the score plus
 * the boost (verified +5, elite +10) while showing the score itself.
 */
export function bestCandidates(q: QueryState, viewer: Viewer, relations: Relations, options: { k: number; excludeUsers: number[]; featured: boolean }): Ranked[] {
  const s = q.index.store;
  const nowSeconds = Math.floor(Date.now() / 1000);
  const pass = q.passes.prepare(q.index, q.scorer, viewer, relations, dayString(new Date()), {
    skipBits: R_SELF | R_NOT_INTERESTED | R_LIKED | R_EXCLUDED,
    needPhoto: options.featured,
    bonus: options.featured ? (p: number) => ((s.flags[p] & F_VERIFIED) !== 0 ? 5 : 0) + (s.eliteUntil[p] > nowSeconds ? 10 : 0) : null,
    maxBonus: options.featured ? 15 : 0,
    countTotal: false,
    k: options.k,
  });
  q.passes.mark(pass, options.excludeUsers, R_EXCLUDED);
  const result = q.passes.run(pass);
  return rankedOf(pass.index, result.positions, result.scores);
}

/** The viewer's match percentage with each of these members (null: no profile on either side). */
export function scoresWith(q: QueryState, viewer: Viewer, userIds: number[]): Map<number, number | null> {
  const { index, passes } = q;
  const s = index.store;
  const out = new Map<number, number | null>();
  const vp = index.positionOf(viewer.id);
  if (vp === -1) {
    for (const id of userIds) out.set(id, null);
    return out;
  }
  const ages = passes.agesFor(dayString(new Date()));
  const t = passes.viewerTables(index, q.scorer, ages, vp) as ScoreTables;
  for (const id of userIds) {
    const p = index.positionOf(id);
    if (p === -1) {
      out.set(id, null);
      continue;
    }
    out.set(id, percentOfPacked(packedScore(t, s, p, ages.ageOf(s.dob[p]), index.roleOf(p))));
  }
  return out;
}

/** The guna total the engine uses for two members (null when either has no Moon or no profile). */
export function gunaWith(index: MemberIndex, a: number, b: number): number | null {
  const pa = index.positionOf(a);
  const pb = index.positionOf(b);
  if (pa === -1 || pb === -1) return null;
  return gunaBetween(index.moonOf(pa), index.roleOf(pa), index.moonOf(pb), index.roleOf(pb));
}
