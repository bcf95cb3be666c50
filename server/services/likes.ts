import type { Knex } from 'knex';
import type { AppServices } from '../context';
import type { Profile } from '../models/profile';
import type { User } from '../models/user';
import { notify } from './notifications';

/** Matches are stored once per pair, smaller user id first. */
export function pairOf(a: number, b: number): { user1Id: number; user2Id: number } {
  return a < b ? { user1Id: a, user2Id: b } : { user1Id: b, user2Id: a };
}

export interface LikeOptions {
  /** who gave it when not the member themself: "Priya's mother" (a family member acting for them) */
  givenBy?: string | null;
  /** more to write in the like's own transaction (a family suggestion marked liked), so both happen or neither */
  alsoInTransaction?: (trx: Knex.Transaction) => Promise<void>;
}

/**
 * `user` likes `profile` (already checked visible to them, not their own). A like both ways is a match. The liked
 * member is told, and both are told of a match. Liking again changes nothing.
 */
export async function likeProfile(services: Pick<AppServices, 'db' | 'live'>, user: User, profile: Profile, options: LikeOptions = {}) {
  const now = Date.now();
  const outcome = await services.db.transaction(async (trx: Knex.Transaction) => {
    await options.alsoInTransaction?.(trx);
    const existing = await trx('profile_likes').where({ userId: user.id, likedProfileId: profile.id }).first('id');
    if (existing) return { created: false, matched: false };
    await trx('profile_likes').insert({ userId: user.id, likedProfileId: profile.id, createdAt: now });
    // Mutual: the other member already likes this member's live profile.
    const mine = await trx('profiles').where({ userId: user.id, isDeleted: false }).first('id');
    const mutual = mine ? await trx('profile_likes').where({ userId: profile.userId, likedProfileId: mine.id }).first('id') : null;
    if (!mutual) return { created: true, matched: false, myProfileId: mine?.id ?? null };
    const pair = pairOf(user.id, profile.userId);
    const already = await trx('matches').where(pair).first('id');
    if (!already) await trx('matches').insert({ ...pair, createdAt: now });
    return { created: true, matched: !already, myProfileId: mine?.id ?? null };
  });
  if (outcome.created) {
    await notify(services, {
      userId: profile.userId,
      type: 'like',
      title: 'Someone liked your profile',
      content: `${options.givenBy ?? user.fullName} liked your profile`,
      relatedItemId: outcome.myProfileId ?? null,
      sourceId: user.id,
      sourceType: 'user',
      actorUserId: user.id,
    });
  }
  if (outcome.matched) {
    await notify(services, {
      userId: profile.userId,
      type: 'match',
      title: "It's a match!",
      content: `You and ${user.fullName} like each other`,
      relatedItemId: outcome.myProfileId ?? null,
      sourceId: user.id,
      sourceType: 'user',
      actorUserId: user.id,
    });
    const other = await services.db('users').where({ id: profile.userId }).first('fullName');
    await notify(services, {
      userId: user.id,
      type: 'match',
      title: "It's a match!",
      content: `You and ${other?.fullName ?? 'a member'} like each other`,
      relatedItemId: profile.id,
      sourceId: profile.userId,
      sourceType: 'user',
      actorUserId: profile.userId,
    });
  }
  return { created: outcome.created, matched: outcome.matched };
}
