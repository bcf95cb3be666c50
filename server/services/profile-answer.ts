import type { ProfileView } from '../../contracts/views';
import type { AppServices } from '../context';
import type { Db } from '../db';
import { unlessStorageFault } from '../errors';
import type { Profile } from '../models/profile';
import type { User } from '../models/user';
import { toMatchProfile, viewerMatchProfile } from './discovery';
import { familyLabels } from './family/people';
import { birthData } from './kundali';
import { pairAshtakoot } from './kundali/analysis';
import { type BirthData, type Chart, IncompleteBirthData, castChart } from './kundali/chart';
import { type MatchResult, computeMatch } from './matching';
import { loadProfile, presentFor, recordProfileView, visibleProfile } from './profiles';

/**
 * Cast charts by birth data (castChart is pure): the viewer's chart serves every profile they open and a
 * profile's chart serves all its viewers, instead of two astronomical castings per profile view. Bounded, least
 * recently used first out; null when the birth data is incomplete.
 */
const CHART_CACHE_SIZE = 2000;
const charts = new Map<string, Chart | null>();

function chartOf(p: BirthData): Chart | null {
  const data = birthData(p);
  const key = JSON.stringify(data);
  if (charts.has(key)) {
    const hit = charts.get(key) ?? null;
    charts.delete(key);
    charts.set(key, hit);
    return hit;
  }
  let chart: Chart | null;
  try {
    chart = castChart(data);
  } catch (error) {
    if (!(error instanceof IncompleteBirthData)) throw error;
    chart = null;
  }
  charts.set(key, chart);
  if (charts.size > CHART_CACHE_SIZE) charts.delete(charts.keys().next().value as string);
  return chart;
}

/** gunaScoreForProfiles over cached charts: the Ashtakoot total (0–36), or null when either chart cannot be cast. */
export function cachedGunaScore(a: BirthData, b: BirthData): number | null {
  const ca = chartOf(a);
  const cb = chartOf(b);
  return ca && cb ? pairAshtakoot(ca, cb).score : null;
}

/** The viewer's match with this profile and its breakdown, Kundali gunas included when both birth charts can be cast. */
async function matchFor(db: Db, viewer: User, profile: Profile): Promise<MatchResult | null> {
  const mine = await viewerMatchProfile(db, viewer);
  if (!mine) return null;
  const gunaScore = cachedGunaScore(mine.profile, profile);
  return computeMatch(mine.match, toMatchProfile(profile, profile.user?.isVerified ?? false), { gunaScore });
}

/**
 * GET /api/profiles/:id's answer for `viewer`: the profile as the visibility policy lets them see it, with their match
 * and its family label; 404 (thrown) for a profile they may not see. `recordView`: the request is the member opening
 * the profile, recorded for its owner's "who viewed me" (the API's request is; a page's first screen is not, as the
 * app's own request for the same answer records it).
 */
export async function profileAnswerFor(
  services: Pick<AppServices, 'db' | 'live'>,
  viewer: User,
  profileId: number,
  options: { recordView: boolean },
): Promise<ProfileView> {
  const { db } = services;
  const { profile, access } = await visibleProfile(db, viewer, await loadProfile(db, profileId));
  let match: MatchResult | null = null;
  if (!access.isOwner) {
    // A view is still shown when the disk cannot record it (read-only or full).
    if (options.recordView) await unlessStorageFault(() => recordProfileView(services, viewer, profile));
    match = await matchFor(db, viewer, profile);
  }
  return {
    ...presentFor(profile, access, match?.percentage ?? null),
    matchFactors: match?.factors ?? null,
    familyStatus: (await familyLabels(db, [profile.id])).get(profile.id) ?? null,
  } as ProfileView;
}
