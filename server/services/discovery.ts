import type { Knex } from 'knex';
import type { ProfileCardView } from '../../contracts/views';
import type { SearchQuery } from '../../contracts/discovery';
import type { AppServices } from '../context';
import type { Db } from '../db';
import { Profile } from '../models/profile';
import type { User } from '../models/user';
import { presentProfileCard } from '../presenters/profile';
import type { Photo } from '../models/photo';
import type { MatchProfile } from './matching';
import { RECENT_MOODS_MS, latestAssessmentsOf, moodCompatibility, publicRecentMoodsOf } from './moods';
import { queryDigest } from './match-engine/cursor';
import type { MatchEngine } from './match-engine/engine';
import type { SearchFilters } from './match-engine/filters';
import { searchTokens } from './match-engine/text-index';

export function toMatchProfile(profile: Profile, isVerified: boolean): MatchProfile {
  return {
    userId: profile.userId,
    gender: profile.gender,
    lookingFor: profile.lookingFor,
    dateOfBirth: profile.dateOfBirth,
    country: profile.country,
    education: profile.education,
    profession: profile.profession,
    religion: profile.religion,
    motherTongue: profile.motherTongue,
    agePreferenceMin: profile.agePreferenceMin,
    agePreferenceMax: profile.agePreferenceMax,
    locationPreference: profile.locationPreference,
    educationPreference: profile.educationPreference,
    professionPreference: profile.professionPreference,
    culturalIntegrationLevel: profile.culturalIntegrationLevel,
    returnToIndiaPlans: profile.returnToIndiaPlans,
    isVerified,
  };
}

export async function viewerMatchProfile(db: Db, viewer: User): Promise<{ profile: Profile; match: MatchProfile } | null> {
  const profile = await Profile.query(db).where({ userId: viewer.id, isDeleted: false }).first();
  return profile ? { profile, match: toMatchProfile(profile, viewer.isVerified) } : null;
}

/** Only the columns matching needs: wide text columns stay in the database until a page is presented. */
const POOL_COLUMNS = [
  'profiles.id', 'profiles.userId', 'profiles.gender', 'profiles.lookingFor', 'profiles.dateOfBirth', 'profiles.country',
  'profiles.education', 'profiles.profession', 'profiles.religion', 'profiles.motherTongue', 'profiles.agePreferenceMin',
  'profiles.agePreferenceMax', 'profiles.locationPreference', 'profiles.educationPreference', 'profiles.professionPreference',
  'profiles.culturalIntegrationLevel', 'profiles.returnToIndiaPlans',
];

export interface PoolRow extends MatchProfile {
  id: number;
}

/** Light pool rows (no model instances) from rows carrying POOL_COLUMNS and `ownerVerified`. */
function toPoolRows(rows: Array<Record<string, unknown>>): PoolRow[] {
  return rows.map((r) => {
    let prefs: string[] | null = null;
    if (typeof r.locationPreference === 'string') {
      try {
        prefs = JSON.parse(r.locationPreference) as string[];
      } catch {
        prefs = null;
      }
    }
    return {
      id: Number(r.id),
      userId: Number(r.userId),
      gender: (r.gender as string) ?? null,
      lookingFor: (r.lookingFor as string) ?? null,
      dateOfBirth: (r.dateOfBirth as string) ?? null,
      country: (r.country as string) ?? null,
      education: (r.education as string) ?? null,
      profession: (r.profession as string) ?? null,
      religion: (r.religion as string) ?? null,
      motherTongue: (r.motherTongue as string) ?? null,
      agePreferenceMin: r.agePreferenceMin === null ? null : Number(r.agePreferenceMin),
      agePreferenceMax: r.agePreferenceMax === null ? null : Number(r.agePreferenceMax),
      locationPreference: prefs,
      educationPreference: (r.educationPreference as string) ?? null,
      professionPreference: (r.professionPreference as string) ?? null,
      culturalIntegrationLevel: (r.culturalIntegrationLevel as string) ?? null,
      returnToIndiaPlans: (r.returnToIndiaPlans as string) ?? null,
      isVerified: Boolean(Number(r.ownerVerified)),
    };
  });
}

/**
 * Profiles `viewerId` may see in lists, as a plain knex query with `profiles`, `pool_owner` (users) and
 * `pool_privacy` (privacy_settings) joined: the same rule as policies/profile-visibility.ts
 * visibleProfilesFilter (live profile, active owner, not the viewer, no block either way, visibility 'all' or
 * 'matches' with a match), written with joins and uncorrelated subqueries so the database evaluates the
 * viewer's blocks and matches once per query instead of once per row. discovery-visibility.test.ts holds the
 * two to the same answers.
 */
export function visibleCandidates(db: Db, viewerId: number): Knex.QueryBuilder {
  return db('profiles')
    .join('users as pool_owner', 'pool_owner.id', 'profiles.userId')
    .leftJoin('privacy_settings as pool_privacy', 'pool_privacy.userId', 'profiles.userId')
    .where('profiles.isDeleted', false)
    .whereNot('profiles.userId', viewerId)
    .where('pool_owner.isDeleted', false)
    .where('pool_owner.status', 'active')
    .whereNotIn('profiles.userId', db('blocks').select('blocks.blockedId').where('blocks.blockerId', viewerId))
    .whereNotIn('profiles.userId', db('blocks').select('blocks.blockerId').where('blocks.blockedId', viewerId))
    .where((w) =>
      w
        .whereNull('pool_privacy.profileVisibility')
        .orWhereNotIn('pool_privacy.profileVisibility', ['none', 'matches'])
        .orWhere((m) =>
          m
            .where('pool_privacy.profileVisibility', 'matches')
            .where((x) =>
              x
                .whereIn('profiles.userId', db('matches').select('matches.user2Id').where('matches.user1Id', viewerId))
                .orWhereIn('profiles.userId', db('matches').select('matches.user1Id').where('matches.user2Id', viewerId)),
            ),
        ),
    );
}

/** What a card shows, fetched with the visibility check in one query. */
const CARD_COLUMNS = [
  'profiles.gender', 'profiles.dateOfBirth', 'profiles.profileType', 'profiles.fullName', 'profiles.parentName', 'profiles.parentRelationship',
  'profiles.location', 'profiles.city', 'profiles.country', 'profiles.profession', 'profiles.education', 'profiles.religion',
  'profiles.motherTongue', 'pool_owner.fullName as ownerName', 'pool_privacy.blurPhotos as ownerBlurs',
];

/**
 * Cards for `ids` in that order, re-checked against the viewer's visibility at the moment of presenting (an id
 * that is no longer visible is left out), photos blurred unless the owner allows them or is matched with the
 * viewer. `percentage` gives each card's match figure (null: none).
 */
async function visibleCards(
  db: Db,
  viewerId: number,
  ids: number[],
  percentage: (row: PoolRow) => number | null,
  moodScores?: Map<number, number | null>,
): Promise<ProfileCardView[]> {
  if (ids.length === 0) return [];
  const rows = (await visibleCandidates(db, viewerId)
    .whereIn('profiles.id', ids)
    .select([...POOL_COLUMNS, 'pool_owner.isVerified as ownerVerified', ...CARD_COLUMNS])) as Array<Record<string, unknown>>;
  if (rows.length === 0) return [];
  const pool = toPoolRows(rows);
  const profileIds = pool.map((p) => p.id);
  const userIds = pool.map((p) => p.userId);
  const [photos, matched] = await Promise.all([
    db('photos').whereIn('profileId', profileIds).where('purpose', 'profile').orderBy('position').orderBy('id').select('id', 'profileId', 'fileKey'),
    db('matches')
      .where((q) => q.where('user1Id', viewerId).whereIn('user2Id', userIds))
      .orWhere((q) => q.where('user2Id', viewerId).whereIn('user1Id', userIds))
      .select('user1Id', 'user2Id'),
  ]);
  const firstPhoto = new Map<number, Photo>();
  for (const photo of photos) if (!firstPhoto.has(Number(photo.profileId))) firstPhoto.set(Number(photo.profileId), photo as Photo);
  const matchedWith = new Set(matched.map((m) => Number(m.user1Id) === viewerId ? Number(m.user2Id) : Number(m.user1Id)));
  const byId = new Map(pool.map((p, i) => [p.id, { pool: p, row: rows[i] }]));
  const out: ProfileCardView[] = [];
  for (const id of ids) {
    const found = byId.get(id);
    if (!found) continue;
    const { pool: p, row } = found;
    const photo = firstPhoto.get(p.id);
    const profile = { ...row, id: p.id, userId: p.userId, photos: photo ? [photo] : [] } as unknown as Profile;
    const user = { id: p.userId, fullName: row.ownerName as string, isVerified: p.isVerified };
    const clearPhotos = !Number(row.ownerBlurs ?? 0) || matchedWith.has(p.userId);
    const card = presentProfileCard(profile, user, { clearPhotos, matchPercentage: percentage(p) });
    out.push(moodScores ? { ...card, moodScore: moodScores.get(p.id) ?? null } : card);
  }
  return out;
}

/** Which of these profiles' owners blur photos and which are matched with the viewer (clear photos). */
async function photoClearance(db: Db, viewerId: number, profiles: Profile[]): Promise<(p: Profile) => boolean> {
  const userIds = profiles.map((p) => p.userId);
  if (userIds.length === 0) return () => true;
  const blurred = new Set(
    (await db('privacy_settings').whereIn('userId', userIds).where('blurPhotos', true).select('userId')).map((r) => r.userId as number),
  );
  const matched = new Set(
    (await db('matches').where((q) => q.where('user1Id', viewerId).whereIn('user2Id', userIds)).orWhere((q) => q.where('user2Id', viewerId).whereIn('user1Id', userIds))).map(
      (m) => (m.user1Id === viewerId ? m.user2Id : m.user1Id) as number,
    ),
  );
  return (p) => !blurred.has(p.userId) || matched.has(p.userId);
}

export async function cardViews(
  db: Db,
  viewer: User,
  profiles: Array<{ id: number }>,
  percentages: Map<number, number | null>,
  moodScores?: Map<number, number | null>,
): Promise<ProfileCardView[]> {
  const withGraph = profiles.length ? await Profile.query(db).whereIn('id', profiles.map((p) => p.id)).withGraphFetched('[user, photos]') : [];
  const byId = new Map(withGraph.map((p) => [p.id, p]));
  const clear = await photoClearance(db, viewer.id, withGraph);
  const out: ProfileCardView[] = [];
  for (const p of profiles) {
    const full = byId.get(p.id);
    if (!full?.user) continue;
    const card = presentProfileCard(full, full.user, { clearPhotos: clear(full), matchPercentage: percentages.get(p.id) ?? null });
    out.push(moodScores ? { ...card, moodScore: moodScores.get(p.id) ?? null } : card);
  }
  return out;
}


/** A member's score with each of these profiles from the engine, as cardViews takes it (by profile id). */
export async function percentagesFor(engine: MatchEngine, viewer: User, profiles: Array<{ id: number; userId: number }>): Promise<Map<number, number | null>> {
  const byUser = await engine.scores(viewer, profiles.map((p) => p.userId));
  return new Map(profiles.map((p) => [p.id, byUser.get(p.userId) ?? null]));
}

/**
 * Profiles ordered best match first (the engine's score), ties kept in the order given: "who liked you" and the
 * like lists read this way, so the first card is the best partner among them.
 */
export async function rankedCards(services: Pick<AppServices, 'db' | 'engine'>, viewer: User, profiles: Array<{ id: number; userId: number }>): Promise<ProfileCardView[]> {
  const percentages = await percentagesFor(services.engine, viewer, profiles);
  const order = new Map(profiles.map((p, i) => [p.id, i]));
  const sorted = [...profiles].sort((a, b) => (percentages.get(b.id) ?? -1) - (percentages.get(a.id) ?? -1) || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return cardViews(services.db, viewer, sorted, percentages);
}

const today = () => new Date().toISOString().slice(0, 10);

async function storedSelection(db: Db, userId: number, day: string, kind: string): Promise<number[] | null> {
  const row = await db('daily_matches').where({ userId, day, kind }).first();
  if (!row) return null;
  try {
    const ids = JSON.parse(row.profileIds) as unknown;
    return Array.isArray(ids) ? ids.filter((n): n is number => typeof n === 'number') : null;
  } catch {
    return null;
  }
}

async function storeSelection(db: Db, userId: number, day: string, kind: string, ids: number[]): Promise<void> {
  await db('daily_matches')
    .insert({ userId, day, kind, profileIds: JSON.stringify(ids), createdAt: Date.now() })
    .onConflict(['userId', 'day', 'kind'])
    .ignore();
}

/** Members shown to this member in daily or featured matches on earlier days (the last DAILY_MEMORY_DAYS). */
export const DAILY_MEMORY_DAYS = 60;
async function shownBefore(db: Db, userId: number, day: string): Promise<number[]> {
  const since = new Date(Date.parse(`${day}T00:00:00Z`) - DAILY_MEMORY_DAYS * 86_400_000).toISOString().slice(0, 10);
  const rows = await db('daily_matches').where('userId', userId).where('day', '<', day).where('day', '>=', since).select('profileIds');
  const profileIds = new Set<number>();
  for (const row of rows) {
    try {
      for (const id of JSON.parse(row.profileIds) as unknown[]) if (typeof id === 'number') profileIds.add(id);
    } catch {
      // a damaged row only means those members may be offered again
    }
  }
  if (profileIds.size === 0) return [];
  const owners: number[] = [];
  const ids = [...profileIds];
  for (let i = 0; i < ids.length; i += 500) owners.push(...(await db('profiles').whereIn('id', ids.slice(i, i + 500)).select('userId')).map((r) => Number(r.userId)));
  return owners;
}

/**
 * Daily matches or featured matches: the day's best candidates over the whole pool (the engine: eligible both
 * ways, not liked, not marked "not interested", not shown on earlier days), chosen once per member per day and
 * stored so the set is stable all day, with a little diversity (see `diversify`). Featured needs a photo and
 * favours verified and boosted members; it leaves out today's daily matches when there are enough others.
 * Profiles that became hidden, blocked or deleted since the morning drop out; percentages are today's.
 */
export async function dailySelection(services: Pick<AppServices, 'db' | 'engine'>, viewer: User, kind: 'daily' | 'featured', size = 10): Promise<ProfileCardView[]> {
  const { db, engine } = services;
  const day = today();
  let ids = await storedSelection(db, viewer.id, day, kind);
  if (!ids) {
    const hasProfile = Boolean(await db('profiles').where({ userId: viewer.id, isDeleted: false }).first('id'));
    const exclude = await shownBefore(db, viewer.id, day);
    const other = kind === 'featured' ? await storedSelection(db, viewer.id, day, 'daily') : null;
    const pickFrom = async (excluded: number[]) => diversify(await engine.best(viewer, { k: size * DIVERSITY_POOL, excludeUsers: excluded, featured: kind === 'featured' }), size);
    let picked = await pickFrom(exclude);
    if (other?.length) {
      // Featured and daily are two different sets when the pool allows it: members not in today's daily list
      // come first, then the best of the rest.
      const otherOwners = (await db('profiles').whereIn('id', other).select('userId')).map((r) => Number(r.userId));
      const apart = await pickFrom([...exclude, ...otherOwners]);
      const taken = new Set(apart.map((r) => r.userId));
      picked = [...apart, ...picked.filter((r) => !taken.has(r.userId))].slice(0, size);
    }
    ids = picked.map((r) => r.profileId);
    if (hasProfile) await storeSelection(db, viewer.id, day, kind, ids);
  }
  // Set aside ("not interested") since the morning: gone from today's list at once.
  const setAside = new Set((await db('not_interested').where('userId', viewer.id).whereIn('profileId', ids).select('profileId')).map((r) => Number(r.profileId)));
  ids = ids.filter((id) => !setAside.has(id));
  if (ids.length === 0) return [];
  const owners = await db('profiles').whereIn('id', ids).select('id', 'userId');
  const scores = await percentagesFor(engine, viewer, owners.map((o) => ({ id: Number(o.id), userId: Number(o.userId) })));
  return visibleCards(db, viewer.id, ids, (row) => scores.get(row.id) ?? null);
}

/** Candidates the diversity pass chooses from, per place in the list. */
export const DIVERSITY_POOL = 3;
/** At most this many picks share a profession and a country before others get their turn. */
export const DIVERSITY_LIMIT = 2;

/**
 * A little diversity for daily and featured matches: walking the ranked candidates best first, a candidate
 * whose profession and country already appear DIVERSITY_LIMIT times among the picks waits until the end, so
 * ten near-identical profiles do not fill the list while the best one of each kind still leads.
 */
export function diversify<T extends { profession?: string | null; country?: string | null }>(ranked: T[], size: number): T[] {
  const seen = new Map<string, number>();
  const picked: T[] = [];
  const waiting: T[] = [];
  for (const r of ranked) {
    if (picked.length === size) break;
    const key = `${(r.profession ?? '').toLowerCase()}\u0000${r.country ?? ''}`;
    const n = seen.get(key) ?? 0;
    if (n >= DIVERSITY_LIMIT) {
      waiting.push(r);
      continue;
    }
    seen.set(key, n + 1);
    picked.push(r);
  }
  return [...picked, ...waiting].slice(0, size);
}

async function moodScoresOf(db: Db, viewerId: number, userIds: number[]): Promise<Map<number, number | null>> {
  const ids = [...new Set(userIds)];
  const [moods, assessments] = await Promise.all([publicRecentMoodsOf(db, [viewerId, ...ids]), latestAssessmentsOf(db, [viewerId, ...ids])]);
  const mine = moods.get(viewerId) ?? [];
  const myAssessment = assessments.get(viewerId) ?? null;
  return new Map(ids.map((id) => [id, moodCompatibility(mine, moods.get(id) ?? [], myAssessment, assessments.get(id) ?? null).score]));
}

/**
 * Members whose mood compatibility with the viewer reaches the minimum: only members with recent public moods
 * or an assessment can have a score at all, so those are the ones read.
 */
async function moodMatches(db: Db, viewerId: number, minimum: number): Promise<Map<number, number | null>> {
  const since = Date.now() - RECENT_MOODS_MS;
  const withMoods = await db('user_moods').where('isPrivate', false).where('scale', 'tracker').where('createdAt', '>=', since).distinct('userId');
  const withAssessment = await db('cultural_adaptation_assessments').distinct('userId');
  const all = [...new Set([...withMoods, ...withAssessment].map((r) => Number(r.userId)))].filter((id) => id !== viewerId);
  const out = new Map<number, number | null>();
  for (let i = 0; i < all.length; i += 2000) {
    const scores = await moodScoresOf(db, viewerId, all.slice(i, i + 2000));
    for (const [id, score] of scores) if (score !== null && score >= minimum) out.set(id, score);
  }
  return out;
}

/** The engine's filters for a validated search query. */
export function engineFilters(input: SearchQuery): SearchFilters {
  return {
    tokens: searchTokens(input.query),
    minAge: input.minAge,
    maxAge: input.maxAge,
    countries: input.locations,
    profileTypes: input.profileType ? [input.profileType] : undefined,
    verified: input.isVerified || undefined,
    hasPhoto: input.hasPhoto || undefined,
    religions: input.religions,
    motherTongues: input.motherTongues,
    educations: input.educations,
    maritalStatuses: input.maritalStatuses,
    diets: input.diets,
    returnPlans: input.returnPlans,
    activeWithinDays: input.activeWithinDays,
    minGuna: input.minGuna,
  };
}

/**
 * Search: every eligible member the filters keep, ranked by the match score over the whole pool (the engine),
 * with the total and a signed cursor through every page. Each page is presented from the database with the
 * visibility check of the moment, so a member hidden or blocked after the engine's answer is still left out.
 */
export async function searchProfiles(
  services: Pick<AppServices, 'db' | 'engine'>,
  viewer: User,
  input: SearchQuery,
): Promise<{ results: ProfileCardView[]; total: number; nextCursor: string | null }> {
  const { db, engine } = services;
  const filters = engineFilters(input);
  const { cursor, limit, ...rest } = input;
  let moods: Map<number, number | null> | null = null;
  if (input.matchMood) moods = await moodMatches(db, viewer.id, input.minMoodScore ?? 70);
  const page = await engine.search(viewer, filters, {
    cursor,
    limit,
    digest: queryDigest(rest as Record<string, unknown>),
    allowedUsers: moods ? new Set(moods.keys()) : null,
  });
  const ids = page.results.map((r) => r.profileId);
  const scores = new Map(page.results.map((r) => [r.profileId, r.score]));
  const moodScores = moods ?? (await moodScoresOf(db, viewer.id, page.results.map((r) => r.userId)));
  const byProfile = new Map(page.results.map((r) => [r.profileId, moodScores.get(r.userId) ?? null]));
  const results = await visibleCards(db, viewer.id, ids, (row) => scores.get(row.id) ?? null, byProfile);
  return { results, total: page.total, nextCursor: page.nextCursor };
}
