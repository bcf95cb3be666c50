import type { QueryBuilder } from 'objection';
import type { ProfileCardView } from '../../contracts/views';
import type { SearchQuery } from '../../contracts/discovery';
import type { Db } from '../db';
import { isPostgres } from '../db';
import { Profile } from '../models/profile';
import type { User } from '../models/user';
import { visibleProfilesFilter } from '../policies/profile-visibility';
import { presentProfileCard } from '../presenters/profile';
import { type MatchProfile, computeMatch } from './matching';
import { latestAssessmentsOf, moodCompatibility, publicRecentMoodsOf } from './moods';

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

type ProfileQuery = QueryBuilder<Profile, Profile[]>;

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

/** Runs a candidates query for light rows (no model instances), owner's verified flag included. */
async function poolRows(q: ProfileQuery): Promise<PoolRow[]> {
  const rows = (await q
    .join('users as pool_owner', 'pool_owner.id', 'profiles.userId')
    .select([...POOL_COLUMNS, 'pool_owner.isVerified as ownerVerified'])
    .toKnexQuery()) as Array<Record<string, unknown>>;
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

function scorePool(own: MatchProfile | null, pool: PoolRow[]): Map<number, number | null> {
  return new Map(pool.map((c) => [c.id, own ? computeMatch(own, c).percentage : null]));
}

/** Visible candidates for `viewer`: not themself, not deleted/suspended/hidden/blocked, right gender both ways. */
export function candidatesQuery(db: Db, viewer: User, own: MatchProfile | null): ProfileQuery {
  const q = Profile.query(db).modify(visibleProfilesFilter(viewer.id));
  if (own?.lookingFor) q.where('profiles.gender', own.lookingFor);
  if (own?.gender) q.where((w) => w.whereNull('profiles.lookingFor').orWhere('profiles.lookingFor', own.gender as string));
  return q;
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

const today = () => new Date().toISOString().slice(0, 10);

/** A deterministic shuffle key per member and day, the same on SQLite and PostgreSQL (integer arithmetic). */
function daySalt(userId: number, day: string): number {
  let h = 2166136261;
  for (const ch of `${userId}:${day}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h % 100_000;
}

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

/**
 * Daily matches or featured matches: chosen once per member per day (stored, so the set is stable all day)
 * from a deterministic sample of the candidates, best match first. Profiles that became hidden, blocked or
 * deleted since the morning drop out; percentages are recomputed on each read.
 */
export async function dailySelection(db: Db, viewer: User, kind: 'daily' | 'featured', size = 10): Promise<ProfileCardView[]> {
  const mine = await viewerMatchProfile(db, viewer);
  const own = mine?.match ?? null;
  const day = today();
  let ids = await storedSelection(db, viewer.id, day, kind);
  if (!ids) {
    const salt = daySalt(viewer.id, `${day}:${kind}`);
    const pool = candidatesQuery(db, viewer, own)
      .orderByRaw('((profiles.id * 7919 + ?) % 100003)', [salt])
      .limit(kind === 'featured' ? 300 : 400);
    if (kind === 'featured') pool.whereExists((q) => q.select('photos.id').from('photos').whereRaw('photos.profile_id = profiles.id').where('photos.purpose', 'profile'));
    const candidates = await poolRows(pool);
    const scores = scorePool(own, candidates);
    const boost = kind === 'featured' ? await featuredBoost(db, candidates) : new Map<number, number>();
    const ranked = [...candidates].sort((a, b) => {
      const sa = (scores.get(a.id) ?? 0) + (boost.get(a.id) ?? 0);
      const sb = (scores.get(b.id) ?? 0) + (boost.get(b.id) ?? 0);
      return sb - sa || a.id - b.id;
    });
    ids = ranked.slice(0, size).map((p) => p.id);
    if (mine) await storeSelection(db, viewer.id, day, kind, ids);
  }
  if (ids.length === 0) return [];
  const current = await poolRows(candidatesQuery(db, viewer, null).whereIn('profiles.id', ids));
  const order = new Map(ids.map((id, i) => [id, i]));
  current.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return cardViews(db, viewer, current, scorePool(own, current));
}

/** Featured favours verified members and elite members' weekly profile boost. */
async function featuredBoost(db: Db, candidates: PoolRow[]): Promise<Map<number, number>> {
  const ids = [...new Set(candidates.map((c) => c.userId))];
  const owners = ids.length ? await db('users').whereIn('id', ids).select('id', 'isVerified', 'subscriptionTier', 'subscriptionEnds') : [];
  const now = Date.now();
  const boostByUser = new Map<number, number>();
  for (const o of owners) {
    const eliteActive = o.subscriptionTier === 'elite' && (o.subscriptionEnds === null || Number(o.subscriptionEnds) > now);
    boostByUser.set(o.id, (Number(o.isVerified) ? 5 : 0) + (eliteActive ? 10 : 0));
  }
  return new Map(candidates.map((c) => [c.id, boostByUser.get(c.userId) ?? 0]));
}

const stripAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

export function searchTokens(query: string | undefined): string[] {
  if (!query) return [];
  return stripAccents(query)
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .filter(Boolean)
    .slice(0, 8);
}

function isoDateYearsAgo(years: number, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

interface Cursor {
  p: number;
  id: number;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

export function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  try {
    const c = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Cursor;
    return typeof c.p === 'number' && typeof c.id === 'number' ? c : null;
  } catch {
    return null;
  }
}

async function poolMoodScores(db: Db, viewerId: number, pool: PoolRow[]): Promise<Map<number, number | null>> {
  const ids = [...new Set(pool.map((p) => p.userId))];
  const [moods, assessments] = await Promise.all([publicRecentMoodsOf(db, [viewerId, ...ids]), latestAssessmentsOf(db, [viewerId, ...ids])]);
  const mine = moods.get(viewerId) ?? [];
  const myAssessment = assessments.get(viewerId) ?? null;
  return new Map(pool.map((p) => [p.id, moodCompatibility(mine, moods.get(p.userId) ?? [], myAssessment, assessments.get(p.userId) ?? null).score]));
}

/** Upper bound of rows scored per search; the text and filters narrow well before this in practice. */
const SEARCH_POOL = 600;

/**
 * Search: text over name, city, country, profession and education (case- and accent-insensitive, served by the
 * full-text index), filters in SQL, then ordered by match percentage with a (percentage, id) cursor.
 */
export async function searchProfiles(db: Db, viewer: User, input: SearchQuery): Promise<{ results: ProfileCardView[]; nextCursor: string | null }> {
  const mine = await viewerMatchProfile(db, viewer);
  const own = mine?.match ?? null;
  const q = candidatesQuery(db, viewer, own);
  const tokens = searchTokens(input.query);
  const pg = isPostgres(db);
  const long = tokens.filter((t) => t.length >= 3);
  const short = tokens.filter((t) => t.length < 3);
  if (long.length && !pg) {
    const match = long.map((t) => `"${t.replace(/"/g, '""')}"`).join(' AND ');
    // Drive the query from the full-text hits (CROSS JOIN keeps that order in SQLite's planner) rather than
    // scanning every profile of the wanted gender and testing membership.
    q.from(db.raw('(SELECT rowid AS fts_id FROM profiles_fts WHERE profiles_fts MATCH ?) AS fts_hits CROSS JOIN profiles', [match])).whereRaw('profiles.id = fts_hits.fts_id');
  }
  for (const t of pg ? tokens : short) {
    const escaped = t.replace(/[\\%_]/g, (c) => `\\${c}`);
    q.whereRaw("profiles.search_text LIKE ? ESCAPE '\\'", [`%${escaped}%`]);
  }
  if (input.minAge !== undefined) q.where('profiles.dateOfBirth', '<=', isoDateYearsAgo(input.minAge));
  if (input.maxAge !== undefined) q.where('profiles.dateOfBirth', '>', isoDateYearsAgo(input.maxAge + 1));
  if (input.locations?.length) q.whereIn('profiles.country', input.locations);
  if (input.profileType) q.where('profiles.profileType', input.profileType);
  if (input.isVerified) q.whereExists((s) => s.select('v.id').from('users as v').whereRaw('v.id = profiles.user_id').where('v.isVerified', true));
  // No ORDER BY: the database stops after SEARCH_POOL rows in index order (deterministic for the same data,
  // so cursors stay valid), instead of sorting every match first.
  let pool = await poolRows(q.limit(SEARCH_POOL));
  const scores = scorePool(own, pool);
  // Mood compatibility with each result, from recent public moods and assessments (two batch queries).
  const moodScores = await poolMoodScores(db, viewer.id, pool);
  if (input.matchMood) {
    const minimum = input.minMoodScore ?? 70;
    pool = pool.filter((p) => (moodScores.get(p.id) ?? -1) >= minimum);
  }
  const score = (p: PoolRow) => scores.get(p.id) ?? -1;
  const ranked = pool.sort((a, b) => score(b) - score(a) || a.id - b.id);
  const cursor = decodeCursor(input.cursor);
  const start = cursor ? ranked.findIndex((p) => score(p) < cursor.p || (score(p) === cursor.p && p.id > cursor.id)) : 0;
  const page = start === -1 ? [] : ranked.slice(start, start + input.limit);
  const last = page[page.length - 1];
  const hasMore = start !== -1 && start + input.limit < ranked.length;
  return {
    results: await cardViews(db, viewer, page, scores, moodScores),
    nextCursor: hasMore && last ? encodeCursor({ p: score(last), id: last.id }) : null,
  };
}
