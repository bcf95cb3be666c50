import type { ConversationView } from '../../contracts/views';
import type { Db } from '../db';
import { Message } from '../models/engagement';
import { Photo } from '../models/photo';
import { Profile } from '../models/profile';
import { PrivacySettings } from '../models/settings';
import { Block, Match } from '../models/social';
import { User } from '../models/user';
import { familyAuthorsOf } from './family/acts';
import { photoUrl } from './photos';

/**
 * The unread messages of a member from live members they have not blocked and who have not blocked them; `onlyFrom`:
 * only those from these members (the conversations a family member acting for them may see).
 */
export async function unreadMessageCount(db: Db, userId: number, onlyFrom?: Set<number>): Promise<number> {
  if (onlyFrom && onlyFrom.size === 0) return 0;
  const query = Message.query(db)
    .join('users as sender', 'sender.id', 'messages.senderId')
    .where('messages.receiverId', userId)
    .where('messages.isRead', false)
    .where('sender.isDeleted', false)
    .where('sender.status', 'active')
    .whereNotExists((q) =>
      q
        .select('blocks.id')
        .from('blocks')
        .where((b) =>
          b
            .where((x) => x.where('blocks.blockerId', userId).whereRaw('blocks.blocked_id = messages.sender_id'))
            .orWhere((x) => x.where('blocks.blockedId', userId).whereRaw('blocks.blocker_id = messages.sender_id')),
        ),
    );
  if (onlyFrom) query.whereIn('messages.senderId', [...onlyFrom]);
  return query.resultSize();
}

/** One conversation of a member, from the aggregate over their messages. */
export interface ConversationTotals {
  otherId: number;
  lastId: number;
  unread: number;
}

/**
 * For each member `userId` has exchanged messages with (only those in `withUserIds` when given): the id of the
 * last message and how many the member has not read. An aggregate over both directions that no model fits, so knex,
 * with its rows typed here. Grouped over a derived table: PostgreSQL does not match a parameterised CASE in SELECT
 * with the same one in GROUP BY.
 */
export async function conversationTotals(db: Db, userId: number, withUserIds?: number[]): Promise<ConversationTotals[]> {
  const mine = db('messages').select(
    db.raw('CASE WHEN sender_id = ? THEN receiver_id ELSE sender_id END AS other_id', [userId]),
    'id',
    db.raw('CASE WHEN receiver_id = ? AND is_read = ? THEN 1 ELSE 0 END AS unread', [userId, false]),
  );
  if (withUserIds) mine.where((q) => q.where('senderId', userId).whereIn('receiverId', withUserIds)).orWhere((q) => q.where('receiverId', userId).whereIn('senderId', withUserIds));
  else mine.where('senderId', userId).orWhere('receiverId', userId);
  const rows: Array<Record<string, unknown>> = await db.select('t.otherId').max({ lastId: 't.id' }).sum({ unread: 't.unread' }).from(mine.as('t')).groupBy('t.otherId');
  return rows.map((r) => ({ otherId: Number(r.otherId), lastId: Number(r.lastId), unread: Number(r.unread ?? 0) }));
}

/** The last message of each conversation as a list previews it, naming the family member who wrote it as the thread does. */
export async function lastMessagesOf(db: Db, totals: ConversationTotals[]): Promise<Map<number, ConversationView['lastMessage']>> {
  const messages = totals.length ? await Message.query(db).whereIn('id', totals.map((t) => t.lastId)) : [];
  const authors = await familyAuthorsOf(db, messages.map((m) => m.id));
  return new Map(
    messages.map((m) => [m.id, { content: m.content, createdAt: new Date(m.createdAt).toISOString(), senderId: m.senderId, sentBy: authors.get(m.id) ?? null }]),
  );
}

/**
 * The member's conversations, newest first, each with the other member, their first photo as the member may see
 * it and the last message; a match without a message yet is listed too (no last message, its match time), so a
 * new match is there to say hello to. Blocked, deleted and suspended members are left out. A fixed number of
 * queries whatever the number of conversations: one aggregate, then one per table for all the other members.
 */
export async function conversationsOf(db: Db, userId: number): Promise<ConversationView[]> {
  const totals = await conversationTotals(db, userId);
  const matchedAt = new Map(
    (await Match.query(db).where('user1Id', userId).orWhere('user2Id', userId).select('user1Id', 'user2Id', 'createdAt')).map((m) => [m.user1Id === userId ? m.user2Id : m.user1Id, Number(m.createdAt)]),
  );
  const talkedWith = new Set(totals.map((t) => t.otherId));
  const unanswered = [...matchedAt.keys()].filter((id) => !talkedWith.has(id));
  const otherIds = [...talkedWith, ...unanswered];
  if (otherIds.length === 0) return [];
  const others = await User.query(db).whereIn('id', otherIds).where({ isDeleted: false, status: 'active' }).select('id', 'fullName');
  const blocked = new Set(
    (await Block.query(db).where((q) => q.where('blockerId', userId).whereIn('blockedId', otherIds)).orWhere((q) => q.where('blockedId', userId).whereIn('blockerId', otherIds)))
      .map((b) => (b.blockerId === userId ? b.blockedId : b.blockerId)),
  );
  const lastMessages = await lastMessagesOf(db, totals);
  const profiles = await Profile.query(db).whereIn('userId', otherIds).where('isDeleted', false).select('id', 'userId');
  const photos = profiles.length
    ? await Photo.query(db).whereIn('profileId', profiles.map((p) => p.id)).where({ purpose: 'profile', position: 0 }).select('profileId', 'fileKey')
    : [];
  const privacy = await PrivacySettings.query(db).whereIn('userId', otherIds).select('userId', 'blurPhotos', 'profileVisibility');
  const rows = [...totals.map((t) => ({ otherId: t.otherId, last: lastMessages.get(t.lastId) ?? null, unread: t.unread })), ...unanswered.map((otherId) => ({ otherId, last: null, unread: 0 }))];
  const list: ConversationView[] = [];
  for (const { otherId, last, unread } of rows) {
    const other = others.find((o) => o.id === otherId);
    const matched = matchedAt.get(otherId) ?? null;
    if (!other || (!last && matched === null) || blocked.has(otherId)) continue;
    const profile = profiles.find((p) => p.userId === otherId);
    const p = privacy.find((x) => x.userId === otherId);
    const visible = !p || p.profileVisibility === 'all' || (p.profileVisibility === 'matches' && matched !== null);
    const photo = profile && visible ? photos.find((x) => x.profileId === profile.id) : undefined;
    const blur = p?.blurPhotos && matched === null;
    list.push({
      otherUser: { id: otherId, fullName: other.fullName },
      profile: { id: profile && visible ? profile.id : null, photos: photo ? [photoUrl(photo.fileKey, blur ? 'blur' : 'thumb')] : [] },
      lastMessage: last,
      matchedAt: matched === null ? null : new Date(matched).toISOString(),
      unreadCount: unread,
    });
  }
  const activity = (c: ConversationView) => Date.parse(c.lastMessage?.createdAt ?? c.matchedAt ?? '');
  list.sort((a, b) => activity(b) - activity(a));
  return list;
}

/** Marks messages read (the member opened the thread). */
export async function markRead(db: Db, messageIds: number[], now: number): Promise<void> {
  await Message.query(db).whereIn('id', messageIds).patch({ isRead: true, readAt: now });
}
