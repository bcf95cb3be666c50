import type { ProfileSummaryView } from '../../contracts/kundali';
import type { AppServices } from '../context';
import { Profile } from '../models/profile';
import { Match, ProfileLike } from '../models/social';
import type { User } from '../models/user';
import { visibleProfilesFilter } from '../policies/profile-visibility';
import { cardViews } from './discovery';

/** The picker offers this many profiles at most; typing narrows it on the server. */
export const PROFILE_SUMMARY_LIMIT = 200;
const RECENTLY_VIEWED = 20;

type Relation = NonNullable<ProfileSummaryView['relation']>;

/** Lower-cased, accent-free, without LIKE wildcards: compared with profiles.searchText (name, city, country, work). */
function needleOf(query: string | undefined): string | null {
  const folded = (query ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[%_\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return folded === '' ? null : folded;
}

/**
 * Profiles the member may compare with: visible to them, of the gender their profile looks for, matching the typed
 * text. Their mutual matches come first, then profiles they liked, then the ones they viewed lately (each newest
 * first), then everyone else by name.
 */
export async function comparableProfiles(services: Pick<AppServices, 'db' | 'engine' | 'cards'>, viewer: User, query?: string): Promise<ProfileSummaryView[]> {
  const { db } = services;
  const own = await Profile.query(db).findOne({ userId: viewer.id, isDeleted: false }).select('lookingFor');
  const needle = needleOf(query);
  const base = () => {
    const q = Profile.query(db).modify(visibleProfilesFilter(viewer.id)).joinRelated('user');
    if (own?.lookingFor) q.where('profiles.gender', own.lookingFor);
    if (needle) q.where('profiles.searchText', 'like', `%${needle}%`);
    return q;
  };

  // Rank of each related profile: relation first, then recency within it.
  const ranked = new Map<number, { relation: Relation; at: number }>();
  const note = (profileId: number, relation: Relation, at: number) => {
    if (!ranked.has(profileId)) ranked.set(profileId, { relation, at });
  };
  const pairs = await Match.query(db).where('user1Id', viewer.id).orWhere('user2Id', viewer.id).select('user1Id', 'user2Id', 'createdAt');
  const matchedAt = new Map(pairs.map((m) => [m.user1Id === viewer.id ? m.user2Id : m.user1Id, m.createdAt]));
  if (matchedAt.size) {
    const rows = await Profile.query(db).whereIn('userId', [...matchedAt.keys()]).where('isDeleted', false).select('id', 'userId');
    for (const row of rows) note(row.id, 'match', matchedAt.get(row.userId) ?? 0);
  }
  for (const like of await ProfileLike.query(db).where('userId', viewer.id).select('likedProfileId', 'createdAt')) {
    note(like.likedProfileId, 'liked', like.createdAt);
  }
  // The latest view of each profile: an aggregate (grouped in SQL), so knex, made numbers here.
  const views = await db('profile_views')
    .where('viewerUserId', viewer.id)
    .groupBy('profileId')
    .select('profileId')
    .max({ at: 'createdAt' })
    .orderBy('at', 'desc')
    .limit(RECENTLY_VIEWED);
  for (const view of views as Array<{ profileId: number; at: number | string }>) note(Number(view.profileId), 'viewed', Number(view.at));

  const relatedIds = [...ranked.keys()];
  const related = relatedIds.length ? await base().whereIn('profiles.id', relatedIds).select('profiles.id') : [];
  const order: Relation[] = ['match', 'liked', 'viewed'];
  related.sort((a, b) => {
    const ra = ranked.get(a.id);
    const rb = ranked.get(b.id);
    if (!ra || !rb) return 0;
    return order.indexOf(ra.relation) - order.indexOf(rb.relation) || rb.at - ra.at;
  });
  const firstOnes = related.slice(0, PROFILE_SUMMARY_LIMIT);
  const rest = await base()
    .whereNotIn('profiles.id', relatedIds.length ? relatedIds : [0])
    .orderBy('user.fullName')
    .orderBy('profiles.id')
    .limit(PROFILE_SUMMARY_LIMIT - firstOnes.length)
    .select('profiles.id');
  const picked = [...firstOnes, ...rest];
  const cards = await cardViews(services, viewer, picked, new Map());
  return cards.map((card) => ({
    id: card.id,
    userId: card.userId,
    gender: card.gender,
    is_deleted: false,
    // Another member's plan is theirs alone: the picker needs a name, not a subscription tier.
    user: { id: card.userId, fullName: card.user.fullName },
    fullName: card.fullName,
    age: card.age,
    city: card.city,
    country: card.country,
    photo: card.photos[0] ?? null,
    photoBlurred: card.photosBlurred,
    relation: ranked.get(card.id)?.relation ?? null,
  }));
}
