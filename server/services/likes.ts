import type { Knex } from 'knex';
import type { AppServices } from '../context';
import type { Db } from '../db';
import { Profile } from '../models/profile';
import { Match, ProfileLike } from '../models/social';
import { User } from '../models/user';
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

/** A member's like of a profile, if they gave one. */
export async function likeOf(db: Db | Knex.Transaction, userId: number, likedProfileId: number): Promise<ProfileLike | undefined> {
  return ProfileLike.query(db).where({ userId, likedProfileId }).select('id').first();
}

/** Withdraws a like; a match is two current likes, so it dissolves the match too. Returns whose profile it was (null: no like). */
export async function unlikeProfile(db: Db, userId: number, likedProfileId: number): Promise<number | null> {
  return db.transaction(async (trx: Knex.Transaction) => {
    const removed = await ProfileLike.query(trx).where({ userId, likedProfileId }).delete();
    if (!removed) return null;
    const profile = await Profile.query(trx).findById(likedProfileId).select('userId');
    if (profile) await Match.query(trx).where(pairOf(userId, profile.userId)).delete();
    return profile?.userId ?? null;
  });
}

/**
 * `user` likes `profile` (already checked visible to them, not their own). A like both ways is a match. The liked
 * member is told, and both are told of a match. Liking again changes nothing.
 */
export async function likeProfile(services: Pick<AppServices, 'db' | 'live'>, user: User, profile: Profile, options: LikeOptions = {}) {
  const now = Date.now();
  const outcome = await services.db.transaction(async (trx: Knex.Transaction) => {
    await options.alsoInTransaction?.(trx);
    if (await likeOf(trx, user.id, profile.id)) return { created: false, matched: false };
    await ProfileLike.query(trx).insert({ userId: user.id, likedProfileId: profile.id, createdAt: now });
    // Mutual: the other member already likes this member's live profile.
    const mine = await Profile.query(trx).where({ userId: user.id, isDeleted: false }).select('id').first();
    const mutual = mine ? await likeOf(trx, profile.userId, mine.id) : undefined;
    if (!mutual) return { created: true, matched: false, myProfileId: mine?.id ?? null };
    const pair = pairOf(user.id, profile.userId);
    const already = await Match.query(trx).where(pair).select('id').first();
    if (!already) await Match.query(trx).insert({ ...pair, createdAt: now });
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
    const other = await User.query(services.db).findById(profile.userId).select('fullName');
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
