import { type SearchQuery, searchQuerySchema, usesAdvancedFilters } from '../../../contracts/discovery';
import type { SavedSearchFilters } from '../../../contracts/saved-searches';
import type { AppServices } from '../../context';
import type { User } from '../../models/user';
import { effectiveTier } from '../../policies/tier';
import { engineFilters } from '../discovery';
import { queryDigest } from '../match-engine/cursor';

/**
 * How far down its results a saved search is watched for new members: its best this many. A search finding more
 * is followed over its best; a member who climbs into them for the first time counts as new to it.
 */
export const WATCHED = 1000;

export type LookServices = Pick<AppServices, 'engine'>;

/** The search a saved search describes, as search validates it; null when today's search no longer takes it. */
export function savedSearchInput(filters: SavedSearchFilters): SearchQuery | null {
  const parsed = searchQuerySchema.safeParse(filters);
  return parsed.success ? parsed.data : null;
}

/** Whether the member's plan runs this search (search answers 403 to a tryme member asking for advanced filters). */
export const planRuns = (user: Pick<User, 'subscriptionTier' | 'subscriptionEnds'>, input: SearchQuery): boolean =>
  !usesAdvancedFilters(input) || effectiveTier(user) !== 'tryme';

/**
 * The saved search run now for its member exactly as GET /api/search runs it (the engine: the relationship
 * policy's eligibility, blocks, visibility, the filters): the profile ids of its best `limit` results, best first,
 * and how many it finds in all.
 */
export async function look(
  services: LookServices,
  user: User,
  input: SearchQuery,
  limit: number,
): Promise<{ ids: number[]; scores: Map<number, number | null>; total: number }> {
  const { cursor: _cursor, limit: _limit, ...rest } = input;
  const page = await services.engine.search({ id: user.id, role: user.role }, engineFilters(input), { limit, digest: queryDigest(rest as Record<string, unknown>) });
  return { ids: page.results.map((r) => r.profileId), scores: new Map(page.results.map((r) => [r.profileId, r.score])), total: page.total };
}
