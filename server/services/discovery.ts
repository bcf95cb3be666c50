import type { Knex } from 'knex';
import type { ProfileCardView } from '../../contracts/views';
import type { SearchQuery } from '../../contracts/discovery';
import type { Db } from '../db';
import { isPostgres } from '../db';
import { Profile } from '../models/profile';
import type { User } from '../models/user';
import { presentProfileCard } from '../presenters/profile';
import type { Photo } from '../models/photo';
import { type MatchProfile, matchScorer } from './matching';
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

function scorePool(own: MatchProfile | null, pool: PoolRow[]): Map<number, number | null> {
  if (!own) return new Map(pool.map((c) => [c.id, null]));
  const score = matchScorer(own);
  return new Map(pool.map((c) => [c.id, score(c)]));
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

/** visibleCandidates narrowed to the genders `own` looks for and is looked for by. */
function leanCandidates(db: Db, viewerId: number, own: MatchProfile | null): Knex.QueryBuilder {
  const q = visibleCandidates(db, viewerId);
  if (own?.lookingFor) q.where('profiles.gender', own.lookingFor);
  if (own?.gender) q.where((w) => w.whereNull('profiles.lookingFor').orWhere('profiles.lookingFor', own.gender as string));
  return q;
}

async function leanPool(q: Knex.QueryBuilder): Promise<PoolRow[]> {
  return toPoolRows((await q.select([...POOL_COLUMNS, 'pool_owner.isVerified as ownerVerified'])) as Array<Record<string, unknown>>);
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

/** Candidates drawn per daily or featured selection before ranking. */
const DAILY_SAMPLE = { daily: 400, featured: 300 } as const;

/**
 * The day's sample of candidates for a member: a deterministic pseudo-random set of profile ids (seeded by
 * member, day and kind) looked up by primary key, so a 100,000-profile table costs a thousand index probes
 * rather than a shuffled scan of every candidate. Small tables (or a probe that finds too few, e.g. featured
 * when few members have photos) are shuffled whole, as before.
 */
async function dailyPool(db: Db, viewer: User, own: MatchProfile | null, kind: 'daily' | 'featured', salt: number, size: number): Promise<PoolRow[]> {
  const want = DAILY_SAMPLE[kind];
  const base = () => {
    const q = leanCandidates(db, viewer.id, own);
    if (kind === 'featured') q.whereExists((x) => x.select('photos.id').from('photos').whereRaw('photos.profile_id = profiles.id').where('photos.purpose', 'profile'));
    return q;
  };
  const top = await db('profiles').max({ maxId: 'id' }).first();
  const maxId = Number(top?.maxId ?? 0);
  if (maxId > want * 8) {
    const probes = new Set<number>();
    let x = salt + 1;
    for (let i = 0; probes.size < want * 3 && i < want * 6; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      probes.add(1 + (x % maxId));
    }
    const sampled = await leanPool(base().whereIn('profiles.id', [...probes]).limit(want));
    if (sampled.length >= size) return sampled;
  }
  return leanPool(base().orderByRaw('((profiles.id * 7919 + ?) % 100003)', [salt]).limit(want));
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
    const candidates = await dailyPool(db, viewer, own, kind, salt, size);
    const scores = scorePool(own, candidates);
    const boost = kind === 'featured' ? await featuredBoost(db, candidates) : new Map<number, number>();
    const ranked = [...candidates].sort((a, b) => {
      const sa = (scores.get(a.id) ?? 0) + (boost.get(a.id) ?? 0);
      const sb = (scores.get(b.id) ?? 0) + (boost.get(b.id) ?? 0);
      return sb - sa || a.id - b.id;
    });
    // Daily and featured are two different sets when the candidates allow: profiles already chosen today for
    // the other list go last, so the home screen does not show the same member twice at the top.
    const other = new Set((await storedSelection(db, viewer.id, day, kind === 'daily' ? 'featured' : 'daily')) ?? []);
    const ordered = [...ranked.filter((p) => !other.has(p.id)), ...ranked.filter((p) => other.has(p.id))];
    ids = ordered.slice(0, size).map((p) => p.id);
    if (mine) await storeSelection(db, viewer.id, day, kind, ids);
  }
  if (ids.length === 0) return [];
  // Percentages from the rows as they are now; visibility re-checked in the same query.
  const score = own ? matchScorer(own) : null;
  return visibleCards(db, viewer.id, ids, (row) => (score ? score(row) : null));
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

async function poolMoodScores(db: Db, viewerId: number, pool: Array<{ id: number; userId: number }>): Promise<Map<number, number | null>> {
  const ids = [...new Set(pool.map((p) => p.userId))];
  const [moods, assessments] = await Promise.all([publicRecentMoodsOf(db, [viewerId, ...ids]), latestAssessmentsOf(db, [viewerId, ...ids])]);
  const mine = moods.get(viewerId) ?? [];
  const myAssessment = assessments.get(viewerId) ?? null;
  return new Map(pool.map((p) => [p.id, moodCompatibility(mine, moods.get(p.userId) ?? [], myAssessment, assessments.get(p.userId) ?? null).score]));
}

/** Upper bound of rows scored per search; the text and filters narrow well before this in practice. */
const SEARCH_POOL = 600;

/** A ranked search: profile ids best match first, with what the cursor and the cards need. */
interface RankedPool {
  ids: Int32Array;
  userIds: Int32Array;
  /** match percentage, -1 when the viewer has no profile */
  scores: Int16Array;
  /** mood compatibility when the search filtered by it (computed for the whole pool then) */
  moods: Map<number, number | null> | null;
  expires: number;
}

/**
 * Ranked pools of recent searches, per viewer, the viewer's own profile version and the normalised query, so
 * paging on and repeating a search do not rank the pool again. Bounded (least recently used first out) and
 * short-lived. Only ids and scores are kept: visibility, blocks, photo blur and card contents are read again
 * from the database whenever a page is presented, so a cached entry never shows what the viewer may no
 * longer see. A per-process cache: another process simply ranks again (same data, same order).
 */
class SearchCache {
  private entries = new Map<string, RankedPool>();
  constructor(
    private readonly maxEntries: number,
    readonly ttlMs: number,
  ) {}
  get(key: string, now = Date.now()): RankedPool | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= now) return undefined;
    this.entries.set(key, entry);
    return entry;
  }
  set(key: string, entry: RankedPool): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
  clear(): void {
    this.entries.clear();
  }
  get size(): number {
    return this.entries.size;
  }
}

/** 1,500 rankings of at most 600 ids, user ids and scores: about 15 MB at most. */
export const searchCache = new SearchCache(1500, 120_000);

function searchKey(viewerId: number, profile: Profile | null, input: SearchQuery, tokens: string[]): string {
  return JSON.stringify([
    viewerId, profile?.id ?? null, profile?.updatedAt ?? null, tokens, input.minAge ?? null, input.maxAge ?? null,
    input.locations ? [...input.locations].sort() : null, input.profileType ?? null, input.isVerified ?? null,
    input.matchMood ?? null, input.matchMood ? (input.minMoodScore ?? 70) : null,
  ]);
}

/** Ranks the search's candidate pool (the expensive part: up to SEARCH_POOL rows scored). */
async function rankSearch(db: Db, viewer: User, own: MatchProfile | null, input: SearchQuery, tokens: string[]): Promise<RankedPool> {
  const q = leanCandidates(db, viewer.id, own);
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
  if (input.isVerified) q.where('pool_owner.isVerified', true);
  // No ORDER BY: the database stops after SEARCH_POOL rows in index order (deterministic for the same data,
  // so cursors stay valid), instead of sorting every match first.
  let pool = await leanPool(q.limit(SEARCH_POOL));
  const scores = scorePool(own, pool);
  let moods: Map<number, number | null> | null = null;
  if (input.matchMood) {
    // Mood compatibility with each candidate, from recent public moods and assessments (two batch queries).
    moods = await poolMoodScores(db, viewer.id, pool);
    const minimum = input.minMoodScore ?? 70;
    pool = pool.filter((p) => (moods?.get(p.id) ?? -1) >= minimum);
  }
  const score = (p: PoolRow) => scores.get(p.id) ?? -1;
  const ranked = pool.sort((a, b) => score(b) - score(a) || a.id - b.id);
  return {
    ids: Int32Array.from(ranked, (p) => p.id),
    userIds: Int32Array.from(ranked, (p) => p.userId),
    scores: Int16Array.from(ranked, score),
    moods,
    expires: Date.now() + searchCache.ttlMs,
  };
}

/**
 * Search: text over name, city, country, profession and education (case- and accent-insensitive, served by the
 * full-text index), filters in SQL, then ordered by match percentage with a (percentage, id) cursor. The
 * ranking is cached briefly (SearchCache); every page is re-checked for visibility when presented, so a page
 * can hold fewer cards than `limit` when someone hid their profile meanwhile.
 */
export async function searchProfiles(db: Db, viewer: User, input: SearchQuery): Promise<{ results: ProfileCardView[]; nextCursor: string | null }> {
  const mine = await viewerMatchProfile(db, viewer);
  const own = mine?.match ?? null;
  const tokens = searchTokens(input.query);
  const key = searchKey(viewer.id, mine?.profile ?? null, input, tokens);
  let ranked = searchCache.get(key);
  if (!ranked) {
    ranked = await rankSearch(db, viewer, own, input, tokens);
    searchCache.set(key, ranked);
  }
  const { ids, scores } = ranked;
  const cursor = decodeCursor(input.cursor);
  let start = 0;
  if (cursor) {
    start = -1;
    for (let i = 0; i < ids.length; i++) {
      if (scores[i] < cursor.p || (scores[i] === cursor.p && ids[i] > cursor.id)) {
        start = i;
        break;
      }
    }
  }
  if (start === -1) return { results: [], nextCursor: null };
  const end = Math.min(ids.length, start + input.limit);
  const pageIds = Array.from(ids.subarray(start, end));
  const scoreOf = new Map(pageIds.map((id, i) => [id, scores[start + i]]));
  const moodScores = ranked.moods ?? (await poolMoodScores(db, viewer.id, pageIds.map((id, i) => ({ id, userId: ranked.userIds[start + i] }))));
  const results = await visibleCards(db, viewer.id, pageIds, (row) => (own ? (scoreOf.get(row.id) ?? null) : null), moodScores);
  const hasMore = end < ids.length;
  const last = end - 1;
  return {
    results,
    nextCursor: hasMore && end > start ? encodeCursor({ p: scores[last], id: ids[last] }) : null,
  };
}
