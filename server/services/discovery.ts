import type { ProfileCardView } from '../../contracts/views';
import { SEARCH_MESSAGES, type SearchQuery } from '../../contracts/discovery';
import { resolveNear } from '../../contracts/gazetteer';
import type { AppServices } from '../context';
import type { Db } from '../db';
import { badRequest } from '../errors';
import { Profile } from '../models/profile';
import type { User } from '../models/user';
import { presentProfileCard } from '../presenters/profile';
import { searchSnippet } from '../presenters/search-snippet';
import { decideRelationship, viewerFacts } from '../policies/relationship';
import type { MatchProfile } from './matching';
import { type Levels, type MoodSignal, type MoodSignals, RECENT_MOODS_MS, hasMoodSignals, moodCompatibility, moodSignalsOf, sharedMoodsOnly } from './moods';
import { queryDigest } from './match-engine/cursor';
import type { MatchEngine } from './match-engine/engine';
import type { SearchFilters } from './match-engine/filters';
import { searchTokens } from './match-engine/text-words';

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
    height: profile.height,
    maritalStatus: profile.maritalStatus,
    diet: profile.diet,
    community: profile.community,
    heightPreferenceMin: profile.heightPreferenceMin,
    heightPreferenceMax: profile.heightPreferenceMax,
    maritalStatusPreference: profile.maritalStatusPreference,
    dietPreference: profile.dietPreference,
    communityPreference: profile.communityPreference,
  };
}

export async function viewerMatchProfile(db: Db, viewer: User): Promise<{ profile: Profile; match: MatchProfile } | null> {
  const profile = await Profile.query(db).where({ userId: viewer.id, isDeleted: false }).first();
  return profile ? { profile, match: toMatchProfile(profile, viewer.isVerified) } : null;
}

/**
 * Cards for the profiles `ids`, in that order, with the relationship policy's answer of the moment: a profile the
 * viewer may no longer see (hidden, blocked, deleted, suspended since the list was made) is left out, and photos
 * are clear only where the policy says so. The cards come from memory (card-rows.ts), the viewer's blocks and
 * matches from the engine, both kept current by its change feed; `synced`: the caller has just had an answer from
 * the engine, which brought both up to date.
 */
export async function presentCards(
  services: Pick<AppServices, 'engine' | 'cards'>,
  viewer: User,
  ids: number[],
  percentages: Map<number, number | null>,
  options: { synced?: boolean } = {},
): Promise<ProfileCardView[]> {
  if (ids.length === 0) return [];
  const relations = await services.engine.relationsOf(viewer.id, options);
  const rows = await services.cards.get(ids);
  const who = viewerFacts(viewer);
  const blocked = new Set(relations.blocked);
  const matched = new Set(relations.matched);
  const cards: ProfileCardView[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    if (!row) continue;
    const userId = row.profile.userId;
    // Who wrote to whom is not read: it changes what a member knows of another, not what they may see.
    const pair = { blocked: blocked.has(userId), viewerBlocked: false, matched: matched.has(userId), conversed: false };
    const decision = decideRelationship(who, row.target, pair);
    if (!decision.mayViewProfile) continue;
    cards.push(presentProfileCard(row.profile, row.owner, { clearPhotos: decision.clearPhotos, matchPercentage: percentages.get(id) ?? null }));
  }
  return cards;
}

/** Cards for profiles listed by another rule (likes, matches, "not interested"), in the order given. */
export async function cardViews(
  services: Pick<AppServices, 'engine' | 'cards'>,
  viewer: User,
  profiles: Array<{ id: number }>,
  percentages: Map<number, number | null>,
): Promise<ProfileCardView[]> {
  return presentCards(services, viewer, profiles.map((p) => p.id), percentages);
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
export async function rankedCards(services: Pick<AppServices, 'engine' | 'cards'>, viewer: User, profiles: Array<{ id: number; userId: number }>): Promise<ProfileCardView[]> {
  const percentages = await percentagesFor(services.engine, viewer, profiles);
  const order = new Map(profiles.map((p, i) => [p.id, i]));
  const sorted = [...profiles].sort((a, b) => (percentages.get(b.id) ?? -1) - (percentages.get(a.id) ?? -1) || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return cardViews(services, viewer, sorted, percentages);
}

async function moodScoresOf(db: Db, viewerId: number, userIds: number[]): Promise<Map<number, number | null>> {
  const now = Date.now();
  // Without a recent public mood or an assessment of the viewer's there is no score with anyone (most members).
  if (userIds.length === 0 || !(await hasMoodSignals(db, viewerId, now))) return new Map(userIds.map((id) => [id, null]));
  return moodScoresWith(db, viewerId, userIds, now);
}

/**
 * Mood compatibility of a viewer who has signals with each of `userIds`: the viewer's are read with the first
 * others', from the database or (a page of results) the engine's cache of them.
 */
async function moodScoresWith(
  db: Db,
  viewerId: number,
  userIds: number[],
  now: number,
  read: (ids: number[]) => Promise<Pick<MoodSignals, 'moods' | 'assessments'>> = (ids) => moodSignalsOf(db, ids, now),
): Promise<Map<number, number | null>> {
  const ids = [...new Set(userIds)];
  const out = new Map<number, number | null>();
  let mine: MoodSignal[] = [];
  let myAssessment: Levels | null = null;
  // In statements of 2,000 members at most (a mood-match search reads everyone with a recent mood).
  for (let i = 0; i < ids.length; i += 2000) {
    const chunk = ids.slice(i, i + 2000);
    const { moods, assessments } = await read(i === 0 ? [viewerId, ...chunk] : chunk);
    if (i === 0) {
      mine = moods.get(viewerId) ?? [];
      myAssessment = assessments.get(viewerId) ?? null;
    }
    for (const id of chunk) out.set(id, moodCompatibility(mine, moods.get(id) ?? [], myAssessment, assessments.get(id) ?? null).score);
  }
  return out;
}

/**
 * Members whose mood compatibility with the viewer reaches the minimum: only members with recent public moods
 * or an assessment can have a score at all, so those are the ones read.
 */
async function moodMatches(db: Db, viewerId: number, minimum: number): Promise<Map<number, number | null>> {
  const since = Date.now() - RECENT_MOODS_MS;
  const withMoods = await sharedMoodsOnly(db('user_moods'), db).where('user_moods.createdAt', '>=', since).distinct('user_moods.userId');
  const withAssessment = await db('cultural_adaptation_assessments').distinct('userId');
  const all = [...new Set([...withMoods, ...withAssessment].map((r) => Number(r.userId)))].filter((id) => id !== viewerId);
  const out = new Map<number, number | null>();
  for (const [id, score] of await moodScoresOf(db, viewerId, all)) if (score !== null && score >= minimum) out.set(id, score);
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
    minHeightCm: input.minHeightCm,
    maxHeightCm: input.maxHeightCm,
    near: nearOf(input),
    rashis: input.rashis,
    sort: input.sort,
  };
}

/** The point and radius of a validated `near` (its own radius, or `withinKm`). */
function nearOf(input: SearchQuery): SearchFilters['near'] {
  if (!input.near) return undefined;
  const place = resolveNear(input.near);
  if (!place) throw badRequest(SEARCH_MESSAGES.near, { field: 'near' });
  return { lat: place.lat, lon: place.lon, km: input.withinKm ?? place.radiusKm };
}

/**
 * Search: every eligible member the filters keep, ranked by the match score over the whole pool (the engine),
 * with the total and a signed cursor through every page. Each page is presented from the database with the
 * visibility check of the moment, so a member hidden or blocked after the engine's answer is still left out.
 */
export async function searchProfiles(
  services: Pick<AppServices, 'db' | 'engine' | 'cards'>,
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
  const cards = await presentCards(services, viewer, ids, scores, { synced: true });
  // Without a recent public mood or an assessment of the viewer's there is no score with anyone (most members): the
  // engine keeps whether they have either with their relations.
  if (!moods && cards.length && (await engine.relationsOf(viewer.id, { synced: true })).moodSignals) {
    const now = Date.now();
    moods = await moodScoresWith(db, viewer.id, cards.map((card) => card.userId), now, (ids) => engine.moodSignalsOf(ids, now));
  }
  for (const card of cards) {
    card.moodScore = moods?.get(card.userId) ?? null;
    if (filters.tokens.length) Object.assign(card, searchSnippet(card, filters.tokens));
  }
  return { results: cards, total: page.total, nextCursor: page.nextCursor };
}
