import { distanceKm, findCity } from '../../contracts/gazetteer';
import { ageFromDateOfBirth } from '../../contracts/profile';
import type { Db } from '../db';
import { Profile } from '../models/profile';
import { type Audience, decideRelationship, viewerFacts } from '../policies/relationship';
import { birthData } from '../services/kundali';
import { pairAshtakoot } from '../services/kundali/analysis';
import { type BirthData, type Chart, IncompleteBirthData, castChart } from '../services/kundali/chart';
import { toMatchProfile } from '../services/discovery';
import { effectiveAstro } from '../services/kundali/effective';
import type { MatchEngine } from '../services/match-engine/engine';
import type { SearchFilters } from '../services/match-engine/filters';
import { computeMatch, genderCompatible } from '../services/matching';

/**
 * Cast charts by birth data (castChart is pure), so the brute force over many members casts each chart once.
 * Bounded, least recently used first out; null when the birth data is incomplete.
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

/**
 * The brute force the match engine is held to: every live profile read from the database, each one put through
 * the relationship policy's pure rule, the gender rule and the filters one at a time, and scored with
 * computeMatch (Kundali from the two full birth charts, never the stored Moons). Slow and obvious on purpose.
 */
export interface OracleViewer {
  id: number;
  role: string;
}

export interface OracleRow {
  profileId: number;
  userId: number;
  score: number | null;
}

const truthy = (v: unknown) => v === true || Number(v) === 1;

export interface World {
  profiles: Profile[];
  users: Map<number, Record<string, unknown>>;
  privacy: Map<number, Record<string, unknown>>;
  blocks: Array<[number, number]>;
  matches: Array<[number, number]>;
  likes: Array<[number, number]>;
  notInterested: Array<[number, number]>;
  /** [family member's user id, profile id] of active family members */
  family: Array<[number, number]>;
  /** profile id → its member's user id, for every profile (deleted ones too: a family link outlives them) */
  owners: Map<number, number>;
  photos: Set<number>;
}

export async function readWorld(db: Db): Promise<World> {
  const [profiles, users, privacy, blocks, matches, likes, notInterested, family, photos, declined, awaiting, owners] = await Promise.all([
    Profile.query(db).where('isDeleted', false),
    db('users').select('id', 'isVerified', 'isDeleted', 'status', 'role', 'lastActiveAt'),
    db('privacy_settings').select('userId', 'profileVisibility'),
    db('blocks').select('blockerId', 'blockedId'),
    db('matches').select('user1Id', 'user2Id'),
    db('profile_likes').select('userId', 'likedProfileId'),
    db('not_interested').select('userId', 'profileId'),
    db('family_members').where('status', 'active').select('userId', 'profileId'),
    db('photos').where('purpose', 'profile').whereNotNull('profileId').select('profileId'),
    db('profile_family').where('consent', 'declined').select('profileId'),
    db('profile_family').where({ consent: 'unconfirmed', hiddenUntilConfirmed: true }).select('profileId'),
    db('profiles').select('id', 'userId'),
  ]);
  // A profile behind the consent gate is seen by no other member: to them it is as hidden as visibility 'none'.
  const gated = new Set(awaiting.map((d) => Number(d.profileId)));
  for (const p of profiles) if (gated.has(p.id)) privacy.push({ userId: p.userId, profileVisibility: 'none' });
  // A profile the person it was made for declined is live for no one: not listed, and not its member's own either.
  const gone = new Set(declined.map((d) => Number(d.profileId)));
  return {
    profiles: profiles.filter((p) => !gone.has(p.id)),
    users: new Map(users.map((u) => [Number(u.id), u])),
    privacy: new Map(privacy.map((p) => [Number(p.userId), p])),
    blocks: blocks.map((b) => [Number(b.blockerId), Number(b.blockedId)]),
    matches: matches.map((m) => [Number(m.user1Id), Number(m.user2Id)]),
    likes: likes.map((l) => [Number(l.userId), Number(l.likedProfileId)]),
    notInterested: notInterested.map((n) => [Number(n.userId), Number(n.profileId)]),
    family: family.map((f) => [Number(f.userId), Number(f.profileId)]),
    owners: new Map(owners.map((o) => [Number(o.id), Number(o.userId)])),
    photos: new Set(photos.map((p) => Number(p.profileId))),
  };
}

const stripAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/**
 * Whether `viewer` and `target` are one family (match-engine/relations.ts): a profile the viewer helps with, a
 * helper of a profile of the viewer's, or a profile that shares a helper with one of the viewer's.
 */
function sameFamily(world: World, viewer: OracleViewer, target: Profile): boolean {
  const { profiles, users } = familyOf(world, viewer.id);
  return profiles.has(target.id) || users.has(target.userId);
}

const families = new WeakMap<World, Map<number, { profiles: Set<number>; users: Set<number> }>>();

/** The profiles and people one member's family rule leaves out, worked out once per world and viewer. */
function familyOf(world: World, viewerId: number): { profiles: Set<number>; users: Set<number> } {
  const byViewer = families.get(world) ?? new Map();
  families.set(world, byViewer);
  let family = byViewer.get(viewerId);
  if (!family) {
    const mine = new Set([...world.owners].filter(([, owner]) => owner === viewerId).map(([id]) => id));
    const helpersOfMine = new Set(world.family.filter(([, p]) => mine.has(p)).map(([u]) => u));
    const helped = world.family.filter(([u]) => u === viewerId).map(([, p]) => p);
    const siblings = world.family.filter(([u, p]) => helpersOfMine.has(u) && !mine.has(p)).map(([, p]) => p);
    family = { profiles: new Set([...helped, ...siblings]), users: helpersOfMine };
    byViewer.set(viewerId, family);
  }
  return family;
}

/** Whether `viewer` may have `target` listed at all (policy, not self nor their family, genders both ways). */
export function eligible(world: World, viewer: OracleViewer, own: Profile | undefined, target: Profile): boolean {
  if (target.userId === viewer.id) return false;
  if (sameFamily(world, viewer, target)) return false;
  const owner = world.users.get(target.userId);
  if (!owner) return false;
  const facts = {
    userId: target.userId,
    active: !truthy(owner.isDeleted) && owner.status === 'active',
    isMember: owner.role === 'member',
    profileLive: true,
    visibility: ((world.privacy.get(target.userId)?.profileVisibility as string | undefined) ?? 'all') as Audience,
    blurPhotos: false,
    allowMessagesFrom: 'all' as Audience,
  };
  const blocked = world.blocks.some(([a, b]) => (a === viewer.id && b === target.userId) || (a === target.userId && b === viewer.id));
  const matched = world.matches.some(([a, b]) => (a === viewer.id && b === target.userId) || (a === target.userId && b === viewer.id));
  const pair = { blocked, viewerBlocked: blocked, matched, conversed: false };
  if (!decideRelationship(viewerFacts(viewer), facts, pair).mayViewProfile) return false;
  return !own || genderCompatible(own, target);
}

export function passesFilters(world: World, own: Profile | undefined, target: Profile, f: SearchFilters, now: number): boolean {
  const text = stripAccents((target.searchText ?? '').toLowerCase());
  if (!f.tokens.every((t) => text.includes(t))) return false;
  if (f.minAge !== undefined || f.maxAge !== undefined) {
    const age = ageFromDateOfBirth(target.dateOfBirth);
    if (age === null || age < (f.minAge ?? 0) || age > (f.maxAge ?? 999)) return false;
  }
  const owner = world.users.get(target.userId) ?? {};
  const inList = (list: string[] | undefined, value: string | null | undefined) => !list || (value != null && list.includes(value));
  if (!inList(f.countries, target.country)) return false;
  if (!inList(f.profileTypes, target.profileType)) return false;
  if (!inList(f.religions, target.religion)) return false;
  if (!inList(f.motherTongues, target.motherTongue)) return false;
  if (!inList(f.educations, target.education)) return false;
  if (!inList(f.maritalStatuses, target.maritalStatus)) return false;
  if (!inList(f.diets, target.diet)) return false;
  if (!inList(f.returnPlans, target.returnToIndiaPlans)) return false;
  if (f.verified && !truthy(owner.isVerified)) return false;
  if (f.hasPhoto && !world.photos.has(target.id)) return false;
  if (f.activeWithinDays) {
    // "Recently active" counts whole hours, as the engine keeps it.
    const last = owner.lastActiveAt === null || owner.lastActiveAt === undefined ? null : Math.floor(Number(owner.lastActiveAt) / 3_600_000);
    if (last === null || last < Math.floor(now / 3_600_000) - f.activeWithinDays * 24) return false;
  }
  if (f.minGuna !== undefined) {
    const guna = own ? cachedGunaScore(own, target) : null;
    if (guna === null || guna < f.minGuna) return false;
  }
  if (f.minHeightCm !== undefined || f.maxHeightCm !== undefined) {
    const h = target.height;
    if (h === null || h === undefined || h < (f.minHeightCm ?? 0) || h > (f.maxHeightCm ?? 999)) return false;
  }
  if (f.near) {
    const city = findCity(target.city, target.country);
    if (!city || distanceKm(f.near.lat, f.near.lon, city.lat, city.lon) > f.near.km) return false;
  }
  if (f.rashis && !inList(f.rashis, effectiveAstro(target).rashi)) return false;
  return true;
}

/**
 * What a sorted search orders by (higher first, ties by profile id): when the profile was made (to the minute),
 * when its owner was last active (to the hour, never: lowest), the birth date (youngest first, none: last).
 */
function sortKeyOf(world: World, target: Profile, sort: SearchFilters['sort']): number {
  if (sort === 'newest') return Math.floor(Number(target.createdAt) / 60_000);
  if (sort === 'active') {
    const last = world.users.get(target.userId)?.lastActiveAt;
    return last === null || last === undefined ? -1 : Math.floor(Number(last) / 3_600_000);
  }
  return ageFromDateOfBirth(target.dateOfBirth) === null ? Number.NEGATIVE_INFINITY : Date.parse(`${target.dateOfBirth}T00:00:00Z`) / 86_400_000;
}

export function scoreOf(world: World, own: Profile | undefined, target: Profile): number | null {
  if (!own) return null;
  const verified = (p: Profile) => truthy(world.users.get(p.userId)?.isVerified);
  return computeMatch(toMatchProfile(own, verified(own)), toMatchProfile(target, verified(target)), { gunaScore: cachedGunaScore(own, target) }).percentage;
}

const byRank = (a: OracleRow, b: OracleRow) => (b.score ?? -1) - (a.score ?? -1) || a.profileId - b.profileId;

/** Search by brute force: every result, best first. */
export function bruteSearch(world: World, viewer: OracleViewer, f: SearchFilters, now = Date.now(), allowed?: Set<number>): OracleRow[] {
  const own = world.profiles.find((p) => p.userId === viewer.id);
  const out: OracleRow[] = [];
  for (const target of world.profiles) {
    if (!eligible(world, viewer, own, target)) continue;
    if (world.notInterested.some(([u, p]) => u === viewer.id && p === target.id)) continue;
    if (allowed && !allowed.has(target.userId)) continue;
    if (!passesFilters(world, own, target, f, now)) continue;
    out.push({ profileId: target.id, userId: target.userId, score: scoreOf(world, own, target) });
  }
  if (!f.sort || f.sort === 'best') return out.sort(byRank);
  const byId = new Map(world.profiles.map((p) => [p.id, p]));
  const keys = new Map(out.map((r) => [r.profileId, sortKeyOf(world, byId.get(r.profileId) as Profile, f.sort)]));
  return out.sort((a, b) => (keys.get(b.profileId) as number) - (keys.get(a.profileId) as number) || a.profileId - b.profileId);
}

/**
 * The day's best by brute force: eligible, not liked, not marked "not interested", not excluded; featured needs a
 * photo and ranks by score + boost (verified 5, elite 10). The top `k`, best first.
 */
export function bruteBest(world: World, viewer: OracleViewer, options: { k: number; excludeUsers: number[]; featured: boolean; elite: Set<number> }): OracleRow[] {
  const own = world.profiles.find((p) => p.userId === viewer.id);
  const rows: Array<OracleRow & { key: number }> = [];
  for (const target of world.profiles) {
    if (!eligible(world, viewer, own, target)) continue;
    if (world.notInterested.some(([u, p]) => u === viewer.id && p === target.id)) continue;
    if (world.likes.some(([u, p]) => u === viewer.id && p === target.id)) continue;
    if (options.excludeUsers.includes(target.userId)) continue;
    if (options.featured && !world.photos.has(target.id)) continue;
    const score = scoreOf(world, own, target);
    const bonus = options.featured ? (truthy(world.users.get(target.userId)?.isVerified) ? 5 : 0) + (options.elite.has(target.userId) ? 10 : 0) : 0;
    rows.push({ profileId: target.id, userId: target.userId, score, key: (score ?? -1) + bonus });
  }
  rows.sort((a, b) => b.key - a.key || a.profileId - b.profileId);
  return rows.slice(0, options.k).map(({ key: _key, ...row }) => row);
}

/** Every page of an engine's search, followed by its cursors, as rows the brute force can be compared with. */
export async function searchEveryPage(engine: MatchEngine, viewer: OracleViewer, filters: SearchFilters, limit: number): Promise<{ rows: OracleRow[]; total: number }> {
  const rows: OracleRow[] = [];
  let cursor: string | undefined;
  let total = -1;
  for (let guard = 0; guard < 10_000; guard++) {
    const page = await engine.search(viewer, filters, { cursor, limit, digest: 'oracle' });
    if (total === -1) total = page.total;
    for (const r of page.results) rows.push({ profileId: r.profileId, userId: r.userId, score: r.score });
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return { rows, total };
}
