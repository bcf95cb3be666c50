import type { ProfileCardView } from '../../contracts/views';
import type { SearchQuery } from '../../contracts/discovery';
import type { AppServices } from '../context';
import { type Db, paddedIds, readRows } from '../db';
import { Profile } from '../models/profile';
import type { User } from '../models/user';
import { presentProfileCard } from '../presenters/profile';
import { type TargetRow, decideRelationship, targetFactsOf, viewerFacts } from '../policies/relationship';
import type { Photo } from '../models/photo';
import type { MatchProfile } from './matching';
import { type Levels, MOOD_SIGNALS_SQL, type MoodSignal, RECENT_MOODS_MS, hasMoodSignals, moodCompatibility, moodSignalsBindings, moodSignalsOf } from './moods';
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

/**
 * What a card shows, the owner's and privacy columns the relationship policy reads, what lies between the viewer
 * and the owner (blocks either way, a match), and the first photo: one statement, written out because it is the
 * hottest read of every list (composing it with the query builder cost more than running it). Aliases are quoted
 * so both databases return them as written; `?` are the viewer (six times), the mood check's when asked for (once,
 * the same for every row: whether the viewer has mood signals, see searchProfiles), then the profile ids. Each block
 * direction and the match (stored as the ordered pair user1 < user2) is one index lookup per card.
 */
const cardsSql = (count: number, viewerMoods: boolean) => `
  SELECT p.id AS "id", p.user_id AS "userId", p.gender AS "gender", p.date_of_birth AS "dateOfBirth",
    p.profile_type AS "profileType", p.full_name AS "fullName", p.parent_name AS "parentName",
    p.parent_relationship AS "parentRelationship", p.location AS "location", p.city AS "city", p.country AS "country",
    p.profession AS "profession", p.education AS "education", p.religion AS "religion", p.mother_tongue AS "motherTongue",
    p.is_deleted AS "profileDeleted",
    o.full_name AS "ownerName", o.is_verified AS "ownerVerified", o.is_deleted AS "isDeleted", o.status AS "status", o.role AS "role",
    v.profile_visibility AS "profileVisibility", v.blur_photos AS "blurPhotos", v.allow_messages_from AS "allowMessagesFrom",
    (SELECT ph.file_key FROM photos ph WHERE ph.profile_id = p.id AND ph.purpose = 'profile' ORDER BY ph.position, ph.id LIMIT 1) AS "photoKey",
    (SELECT COUNT(*) FROM profile_family f WHERE f.profile_id = p.id AND f.consent = 'declined') AS "declined",
    (SELECT COUNT(*) FROM blocks b WHERE b.blocker_id = ? AND b.blocked_id = p.user_id)
      + (SELECT COUNT(*) FROM blocks b WHERE b.blocker_id = p.user_id AND b.blocked_id = ?) AS "blocked",
    (SELECT COUNT(*) FROM matches m
      WHERE m.user1_id = CASE WHEN ? < p.user_id THEN ? ELSE p.user_id END
        AND m.user2_id = CASE WHEN ? < p.user_id THEN p.user_id ELSE ? END) AS "matched"${viewerMoods ? `,
    ${MOOD_SIGNALS_SQL} AS "viewerMoods"` : ''}
  FROM profiles p
  JOIN users o ON o.id = p.user_id
  LEFT JOIN privacy_settings v ON v.user_id = p.user_id
  WHERE p.id IN (${new Array(count).fill('?').join(', ')})`;

type CardRow = TargetRow & Record<string, unknown> & { id: number; userId: number; photoKey: string | null; declined: unknown; profileDeleted: unknown; blocked: unknown; matched: unknown };

/**
 * Cards for the profiles `ids`, in that order, with the relationship policy's answer of the moment: a profile the
 * viewer may no longer see (hidden, blocked, deleted, suspended since the list was made) is left out, and photos
 * are clear only where the policy says so. One query reads the cards, their owners' privacy, the blocks and
 * matches between the viewer and each owner, and each first photo.
 */
export async function presentCards(
  db: Db,
  viewer: User,
  ids: number[],
  percentages: Map<number, number | null>,
): Promise<ProfileCardView[]> {
  return (await readCards(db, viewer, ids, percentages, false)).cards;
}

/** presentCards, and when `viewerMoods` is asked for, in the same statement whether the viewer has mood signals. */
async function readCards(
  db: Db,
  viewer: User,
  ids: number[],
  percentages: Map<number, number | null>,
  viewerMoods: boolean,
): Promise<{ cards: ProfileCardView[]; viewerMoods: boolean }> {
  if (ids.length === 0) return { cards: [], viewerMoods: false };
  const v = viewer.id;
  const padded = paddedIds(ids);
  const rows = await readRows<CardRow>(db, cardsSql(padded.length, viewerMoods), [v, v, v, v, v, v, ...(viewerMoods ? moodSignalsBindings(v, Date.now()) : []), ...padded]);
  const who = viewerFacts(viewer);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const cards: ProfileCardView[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    const userId = Number(row.userId);
    const profileLive = !Number(row.profileDeleted) && !Number(row.declined);
    // Who wrote to whom is not read: it changes what a member knows of another, not what they may see.
    const pair = { blocked: Number(row.blocked) > 0, viewerBlocked: false, matched: Number(row.matched) > 0, conversed: false };
    const decision = decideRelationship(who, targetFactsOf(userId, row, profileLive), pair);
    if (!decision.mayViewProfile) continue;
    // The row is this function's own: it becomes the profile the presenter reads rather than being copied.
    row.id = id;
    row.userId = userId;
    row.photos = row.photoKey ? [{ id: 0, profileId: id, fileKey: row.photoKey } as Photo] : [];
    const owner = { id: userId, fullName: row.ownerName as string, isVerified: Boolean(Number(row.ownerVerified)) };
    cards.push(presentProfileCard(row as unknown as Profile, owner, { clearPhotos: decision.clearPhotos, matchPercentage: percentages.get(id) ?? null }));
  }
  return { cards, viewerMoods: rows.length > 0 && Number(rows[0].viewerMoods) === 1 };
}

/** Cards for profiles listed by another rule (likes, matches, "not interested"), in the order given. */
export async function cardViews(db: Db, viewer: User, profiles: Array<{ id: number }>, percentages: Map<number, number | null>): Promise<ProfileCardView[]> {
  return presentCards(db, viewer, profiles.map((p) => p.id), percentages);
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

async function moodScoresOf(db: Db, viewerId: number, userIds: number[]): Promise<Map<number, number | null>> {
  const now = Date.now();
  // Without a recent public mood or an assessment of the viewer's there is no score with anyone (most members).
  if (userIds.length === 0 || !(await hasMoodSignals(db, viewerId, now))) return new Map(userIds.map((id) => [id, null]));
  return moodScoresWith(db, viewerId, userIds, now);
}

/** Mood compatibility of a viewer who has signals with each of `userIds`: the viewer's are read with the first others'. */
async function moodScoresWith(db: Db, viewerId: number, userIds: number[], now: number): Promise<Map<number, number | null>> {
  const ids = [...new Set(userIds)];
  const out = new Map<number, number | null>();
  let mine: MoodSignal[] = [];
  let myAssessment: Levels | null = null;
  // In statements of 2,000 members at most (a mood-match search reads everyone with a recent mood).
  for (let i = 0; i < ids.length; i += 2000) {
    const chunk = ids.slice(i, i + 2000);
    const { moods, assessments } = await moodSignalsOf(db, i === 0 ? [viewerId, ...chunk] : chunk, now);
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
  const withMoods = await db('user_moods').where('isPrivate', false).where('scale', 'tracker').where('createdAt', '>=', since).distinct('userId');
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
  // The cards' statement also says whether the viewer has mood signals: most have none, and then nothing more is
  // read (on PostgreSQL every statement is a round trip, and a costly write to its socket).
  const { cards, viewerMoods } = await readCards(db, viewer, ids, scores, moods === null);
  if (!moods && viewerMoods && cards.length) moods = await moodScoresWith(db, viewer.id, cards.map((card) => card.userId), Date.now());
  for (const card of cards) card.moodScore = moods?.get(card.userId) ?? null;
  return { results: cards, total: page.total, nextCursor: page.nextCursor };
}
