import type { Knex } from 'knex';
import { isPostgres } from '../../db';

/**
 * Moves a profile made by family from the account of the family member who ran it (`fromUserId`) to the account of
 * the person it is for (`toUserId`), inside the caller's transaction. The helper keeps their account: its sign-in,
 * sessions, plan and first-500 year, identity verification, settings of their own, and what they did as family
 * (suggestions, family thread, moods). What was done for the profile moves with it, because it is the profile's:
 * - the likes it gave and its matches, its conversations with members, its profile views of others, the
 *   members it set aside, its share links, its daily matches, and the notifications about them;
 * - its photos, and the privacy settings it was shown under (visibility, blur, who may write);
 * - blocks made by it or against it are copied, never moved: nobody blocked is unblocked by the move.
 * The likes and messages the helper made for the profile are recorded as theirs (family acts), so both sides keep
 * reading "liked by Arjun's father", and the family keep seeing the conversations they wrote in.
 */
export async function moveProfileToCandidate(trx: Knex.Transaction, profileId: number, fromUserId: number, toUserId: number): Promise<void> {
  const now = Date.now();
  await trx('profiles').where({ id: profileId }).update({ userId: toUserId, updatedAt: now });
  await trx('photos').where({ profileId, userId: fromUserId }).update({ userId: toUserId });

  // What the helper did for the profile before it moved is recorded as theirs.
  const givenLikes = await trx('profile_likes').where({ userId: fromUserId }).select('id');
  const sentMessages = await trx('messages').where({ senderId: fromUserId }).select('id');
  const acts = [...givenLikes.map((l) => ({ kind: 'like', itemId: l.id })), ...sentMessages.map((m) => ({ kind: 'message', itemId: m.id }))];
  for (let i = 0; i < acts.length; i += 200) {
    const rows = acts.slice(i, i + 200).map((a) => ({ ...a, profileId, actedBy: fromUserId, createdAt: now }));
    await trx('family_acts').insert(rows).onConflict(['kind', 'itemId']).ignore();
  }

  // Rows with a unique pair: an account without a live profile may still hold some from a profile it deleted.
  await moveUnique(trx, 'profile_likes', 'userId', fromUserId, toUserId, ['likedProfileId']);
  await moveUnique(trx, 'not_interested', 'userId', fromUserId, toUserId, ['profileId']);
  await moveUnique(trx, 'profile_views', 'viewerUserId', fromUserId, toUserId, ['profileId', 'viewDate']);
  await trx('daily_matches').where({ userId: toUserId }).delete();
  await trx('daily_matches').where({ userId: fromUserId }).update({ userId: toUserId });

  const matches = await trx('matches').where('user1Id', fromUserId).orWhere('user2Id', fromUserId).select('id', 'user1Id', 'user2Id');
  for (const m of matches) {
    const other = Number(m.user1Id) === fromUserId ? Number(m.user2Id) : Number(m.user1Id);
    const [user1Id, user2Id] = other < toUserId ? [other, toUserId] : [toUserId, other];
    const exists = await trx('matches').where({ user1Id, user2Id }).first('id');
    if (exists) await trx('matches').where({ id: m.id }).delete();
    else await trx('matches').where({ id: m.id }).update({ user1Id, user2Id });
  }

  await trx('messages').where({ senderId: fromUserId }).update({ senderId: toUserId });
  await trx('messages').where({ receiverId: fromUserId }).update({ receiverId: toUserId });
  await trx('profile_shares').where({ profileId, userId: fromUserId }).update({ userId: toUserId });
  await trx('notifications').where({ userId: fromUserId }).whereIn('type', ['message', 'like', 'profile_like', 'match', 'profile_view']).update({ userId: toUserId });
  // Others' notifications name the profile's account as who acted: it is the candidate's now.
  await trx('notifications').where({ actorUserId: fromUserId }).whereIn('type', ['message', 'like', 'profile_like', 'match', 'profile_view']).update({ actorUserId: toUserId });

  for (const block of await trx('blocks').where('blockerId', fromUserId).orWhere('blockedId', fromUserId).select('blockerId', 'blockedId', 'createdAt')) {
    const copy = Number(block.blockerId) === fromUserId ? { blockerId: toUserId, blockedId: block.blockedId } : { blockerId: block.blockerId, blockedId: toUserId };
    await trx('blocks').insert({ ...copy, createdAt: block.createdAt }).onConflict(['blockerId', 'blockedId']).ignore();
  }

  const shown = await trx('privacy_settings').where({ userId: fromUserId }).first('profileVisibility', 'blurPhotos', 'allowMessagesFrom');
  if (shown) {
    const settings = { profileVisibility: shown.profileVisibility, blurPhotos: shown.blurPhotos, allowMessagesFrom: shown.allowMessagesFrom, updatedAt: now };
    await trx('privacy_settings').insert({ userId: toUserId, ...settings }).onConflict('userId').merge(settings);
  }

  // The match engine hears of the profile's new account from the profiles trigger; the relations that moved by
  // update (not insert or delete) are told here, for both accounts.
  for (const userId of [fromUserId, toUserId]) await relationsChanged(trx, userId);
}

async function moveUnique(trx: Knex.Transaction, table: string, column: string, from: number, to: number, rest: string[]): Promise<void> {
  const rows = await trx(table).where(column, from).select('id', ...rest);
  for (const row of rows) {
    const key = Object.fromEntries(rest.map((c) => [c, row[c]]));
    const clash = await trx(table).where({ ...key, [column]: to }).first('id');
    if (clash) await trx(table).where({ id: row.id }).delete();
    else await trx(table).where({ id: row.id }).update({ [column]: to });
  }
}

async function relationsChanged(trx: Knex.Transaction, userId: number): Promise<void> {
  if (isPostgres(trx)) await trx.raw('SELECT engine_changed(?)', [`r:${userId}:0`]);
  else await trx('engine_changes').insert({ kind: 'r', a: userId, b: null, createdAt: Date.now() });
}
