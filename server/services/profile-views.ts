import type { ProfileViewersView } from '../../contracts/profile-views';
import type { AppServices } from '../context';
import { Profile } from '../models/profile';
import type { User } from '../models/user';
import { visibleProfilesFilter } from '../policies/profile-visibility';
import { seesWhoLikedThem } from '../policies/tier';
import { cardViews, percentagesFor } from './discovery';

/** The most viewers one answer lists (newest first). */
export const VIEWERS_LISTED = 100;

/**
 * Who viewed the member's profile: each viewer once, by their latest view, newest first. Only members the member
 * may see now are counted or listed (the relationship policy's list form): never someone blocked either way, hidden
 * (visibility `none`, or `matches` without a match), deleted, suspended, staff, or without a live profile. The free
 * plan gets the count and no one's name (the tier rule of likes and views, `seesWhoLikedThem`).
 */
export async function profileViewersOf(services: Pick<AppServices, 'db' | 'engine' | 'cards'>, member: User): Promise<ProfileViewersView> {
  const { db } = services;
  const mine = (await Profile.query(db).where({ userId: member.id, isDeleted: false }).select('id')).map((p) => p.id);
  const named = seesWhoLikedThem(member);
  if (mine.length === 0) return { count: 0, viewers: named ? [] : null, upgradeRequired: !named };
  const viewers = () =>
    Profile.query(db)
      .join('profile_views', 'profile_views.viewerUserId', 'profiles.userId')
      .whereIn('profile_views.profileId', mine)
      .modify(visibleProfilesFilter(member.id));
  const counted = await viewers().countDistinct('profiles.userId as n').castTo<Array<{ n: number | string }>>();
  const count = Number(counted[0]?.n ?? 0);
  if (!named) return { count, viewers: null, upgradeRequired: true };
  const rows = await viewers()
    .groupBy('profiles.id', 'profiles.userId')
    .select('profiles.id', 'profiles.userId')
    .max('profile_views.createdAt as viewedAt')
    .orderBy('viewedAt', 'desc')
    .orderBy('profiles.id', 'desc')
    .limit(VIEWERS_LISTED)
    .castTo<Array<{ id: number; userId: number; viewedAt: number | string }>>();
  const viewedAt = new Map(rows.map((r) => [r.id, new Date(Number(r.viewedAt)).toISOString()]));
  const cards = await cardViews(services, member, rows, await percentagesFor(services.engine, member, rows));
  return { count, viewers: cards.map((card) => ({ ...card, viewedAt: viewedAt.get(card.id) ?? '' })), upgradeRequired: false };
}
