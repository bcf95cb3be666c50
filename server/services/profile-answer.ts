import type { ProfileView } from '../../contracts/views';
import type { AppServices } from '../context';
import { unlessStorageFault } from '../errors';
import type { Profile } from '../models/profile';
import type { User } from '../models/user';
import { toMatchProfile, viewerMatchProfile } from './discovery';
import { familyLabels } from './family/people';
import type { Language } from '../../contracts/i18n/languages';
import { translatorFor } from '../i18n';
import { birthData } from './kundali';
import { ashtakoot } from './kundali/ashtakoot';
import { type BirthData, moonLongitude, moonPlacement } from './kundali/chart';
import { type MatchProfile, type MatchResult, computeMatch } from './matching';
import { loadProfile, presentFor, recordProfileView, visibleProfile } from './profiles';

type WithMoon = BirthData & { moonLongitude?: number | null };

/**
 * A profile's sidereal Moon longitude as castChart places it (null: none): the one stored with the profile
 * (profiles.moon_longitude, negative for none, cleared by a trigger when a birth field changes), else worked out
 * from its birth fields without the rest of the chart.
 */
function moonOf(p: WithMoon): number | null {
  const stored = p.moonLongitude;
  if (stored !== null && stored !== undefined) return stored < 0 ? null : stored;
  return moonLongitude(birthData(p));
}

/**
 * gunaScoreForProfiles without casting two charts on every profile view: the Ashtakoot total (0–36) depends only on
 * the two Moons and genders. Null when either has no Moon (castChart would throw).
 */
export function profileGunaScore(a: WithMoon, b: WithMoon): number | null {
  const ma = moonOf(a);
  const mb = moonOf(b);
  if (ma === null || mb === null) return null;
  return ashtakoot({ ...moonPlacement(ma), gender: a.gender ?? null }, { ...moonPlacement(mb), gender: b.gender ?? null }).score;
}

/**
 * The viewer's match with this profile and its breakdown (their own profile read by the caller), Kundali gunas
 * included when both have a Moon; the breakdown's words in the viewer's language.
 */
function matchFor(mine: { profile: Profile; match: MatchProfile } | null, profile: Profile, language: Language): MatchResult | null {
  if (!mine) return null;
  const gunaScore = profileGunaScore(mine.profile, profile);
  return computeMatch(mine.match, toMatchProfile(profile, profile.user?.isVerified ?? false), { gunaScore, t: translatorFor(language) });
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
    // The viewer's own profile serves both the match and the view's notification (which names it).
    const mine = await viewerMatchProfile(db, viewer);
    // A view is still shown when the disk cannot record it (read-only or full).
    if (options.recordView) await unlessStorageFault(() => recordProfileView(services, viewer, profile, mine ? mine.profile.id : null));
    match = matchFor(mine, profile, viewer.language);
  }
  // Words the server writes for the reader are in the viewer's language (their account's: the request's, signed in).
  return {
    ...presentFor(profile, access, match?.percentage ?? null),
    matchFactors: match?.factors ?? null,
    familyStatus: (await familyLabels(db, [profile.id], viewer.language)).get(profile.id) ?? null,
  } as ProfileView;
}
