import type { Knex } from 'knex';
import type { Db } from '../db';
import { Profile } from '../models/profile';
import { Block, Match, ProfileLike } from '../models/social';

export interface BlockedMember {
  userId: number;
  fullName: string;
  blockedAt: string;
}

/** The members `blockerId` blocked, most recent first. */
export async function blockedBy(db: Db, blockerId: number): Promise<BlockedMember[]> {
  const rows = await Block.query(db)
    .join('users', 'users.id', 'blocks.blockedId')
    .where('blocks.blockerId', blockerId)
    .orderBy('blocks.createdAt', 'desc')
    .select('blocks.blockedId', 'users.fullName', 'blocks.createdAt')
    .castTo<Array<Block & { fullName: string }>>();
  return rows.map((r) => ({ userId: r.blockedId, fullName: r.fullName, blockedAt: new Date(r.createdAt).toISOString() }));
}

/** Blocks a member (again is no change). A block ends what the two shared: likes both ways and the match. */
export async function blockMember(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db.transaction(async (trx: Knex.Transaction) => {
    await Block.query(trx).insert({ blockerId, blockedId, createdAt: Date.now() }).onConflict(['blockerId', 'blockedId']).ignore();
    const profileIdsOf = async (userId: number) => (await Profile.query(trx).where({ userId }).select('id')).map((p) => p.id);
    const mine = await profileIdsOf(blockerId);
    const theirs = await profileIdsOf(blockedId);
    await ProfileLike.query(trx).where({ userId: blockerId }).whereIn('likedProfileId', theirs.length ? theirs : [0]).delete();
    await ProfileLike.query(trx).where({ userId: blockedId }).whereIn('likedProfileId', mine.length ? mine : [0]).delete();
    const [user1Id, user2Id] = blockerId < blockedId ? [blockerId, blockedId] : [blockedId, blockerId];
    await Match.query(trx).where({ user1Id, user2Id }).delete();
  });
}

/** Lifts a block; false when there was none. */
export async function unblockMember(db: Db, blockerId: number, blockedId: number): Promise<boolean> {
  return (await Block.query(db).where({ blockerId, blockedId }).delete()) > 0;
}
