import { SAFETY_NOTICE } from '../../contracts/enums';
import { MESSAGE_TEXTS } from '../../contracts/messaging';
import type { ChatPeerView, MessageView } from '../../contracts/views';
import type { AppServices } from '../context';
import type { Db } from '../db';
import { HttpError } from '../errors';
import { Message } from '../models/engagement';
import { FamilyAct } from '../models/family';
import { Photo } from '../models/photo';
import { Profile } from '../models/profile';
import { PrivacySettings } from '../models/settings';
import { User } from '../models/user';
import { type MessageRefusal, relationshipBetween } from '../policies/relationship';
import { effectiveTier } from '../policies/tier';
import { familyActorLabel, familyAuthorsOf, familyReadersOf } from './family/acts';
import { notify } from './notifications';
import { photoUrl } from './photos';
import { fileAutomaticReport } from './safety-reports';
import { OFF_PLATFORM_WINDOW, safetySignalOf } from './safety-signals';

/**
 * A message as `viewerId` reads it: the recipient of a message that carries a scam signal reads the safety notice
 * under it (the sender does not: it would only teach them the rules).
 */
export function presentMessage(m: Message, viewerId?: number): MessageView {
  return {
    id: m.id,
    senderId: m.senderId,
    receiverId: m.receiverId,
    content: m.content,
    isRead: m.isRead,
    is_read: m.isRead,
    createdAt: new Date(m.createdAt).toISOString(),
    safetyNotice: m.safetySignal && viewerId === m.receiverId ? SAFETY_NOTICE : null,
  };
}

/** The thread's longest answer: the newest this many messages are enough for any screen, and bound the reply. */
export const THREAD_LIMIT = 1000;

/**
 * The newest THREAD_LIMIT messages between two members, oldest first, as GET /api/messages/:userId/:otherUserId
 * reads them. (Read oldest first with the limit, a conversation past it would show its first thousand messages
 * and never a new one.)
 */
export async function threadMessages(db: Db, userId: number, otherId: number): Promise<Message[]> {
  const newest = await Message.query(db)
    .where((q) => q.where({ senderId: userId, receiverId: otherId }).orWhere({ senderId: otherId, receiverId: userId }))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(THREAD_LIMIT);
  return newest.reverse();
}

/** The thread as the API presents it: both sides see which messages a member's family wrote for them. */
export async function presentThread(db: Db, messages: Message[], viewerId: number): Promise<MessageView[]> {
  const authors = await familyAuthorsOf(db, messages.map((m) => m.id));
  return messages.map((m) => ({ ...presentMessage(m, viewerId), sentBy: authors.get(m.id) ?? null }));
}

export function monthStart(now = new Date()): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
}

/** Messages the member sent this calendar month (UTC): the tryme limit counts these. */
export async function messagesSentThisMonth(db: Db, userId: number): Promise<number> {
  return Message.query(db).where('senderId', userId).where('createdAt', '>=', monthStart()).resultSize();
}

/** The tryme message allowance: null for unlimited tiers. */
export function messageLimitFor(user: User, trymeLimit: number): number | null {
  return effectiveTier(user) === 'tryme' ? trymeLimit : null;
}

/** Why `sender` may not message `receiverId` right now (null: allowed). Tier limits are checked separately. */
/** Why `sender` may not write to `receiverId` (the relationship policy decides), as the error to answer with. */
export async function messagingRefusal(db: Db, sender: User, receiverId: number): Promise<HttpError | null> {
  if (receiverId === sender.id) return new HttpError(400, 'You cannot message yourself', 'bad_request');
  return refusalError((await relationshipBetween(db, sender, receiverId)).messageRefusal);
}

function refusalError(refusal: MessageRefusal | null): HttpError | null {
  switch (refusal) {
    case null:
      return null;
    case 'not-accepting':
      return new HttpError(403, MESSAGE_TEXTS.notAccepting, 'forbidden');
    case 'matches-only':
      return new HttpError(403, MESSAGE_TEXTS.matchesOnly, 'forbidden');
    default:
      // Hidden from the sender, blocked either way, gone, or never there: one answer for all.
      return new HttpError(404, MESSAGE_TEXTS.receiverGone, 'not_found');
  }
}

/** One of the sender's family writing for them, acting for their profile. */
export interface FamilyAuthor {
  userId: number;
  relation: string;
  profileId: number;
}

/**
 * Sends a message. One written by the sender's family (`writtenBy`) is recorded as theirs with the message, so the
 * answer, the live event and the notification already say who wrote it ("Priya's mother"), not only a later read.
 */
export async function sendMessage(
  services: Pick<AppServices, 'db' | 'live' | 'config'>,
  sender: User,
  receiverId: number,
  content: string,
  writtenBy: FamilyAuthor | null = null,
): Promise<MessageView> {
  const { db } = services;
  const refusal = await messagingRefusal(db, sender, receiverId);
  if (refusal) throw refusal;
  const limit = messageLimitFor(sender, services.config.trymeMessageLimit);
  const message = await db.transaction(async (trx) => {
    if (limit !== null) {
      if ((await messagesSentThisMonth(trx, sender.id)) >= limit) throw new HttpError(403, MESSAGE_TEXTS.limitReached, 'limit_reached', { upgradeRequired: true, limit });
    }
    // Only whether the conversation is still in its first messages matters: at most that many rows are read.
    const messagesBefore = (
      await Message.query(trx)
        .where((q) => q.where({ senderId: sender.id, receiverId }).orWhere({ senderId: receiverId, receiverId: sender.id }))
        .select('id')
        .limit(OFF_PLATFORM_WINDOW)
    ).length;
    const safetySignal = safetySignalOf(content, { messagesBefore });
    const inserted = await Message.query(trx).insertAndFetch({ senderId: sender.id, receiverId, content, isRead: false, createdAt: Date.now(), safetySignal });
    await User.query(trx).findById(sender.id).increment('messageCount', 1);
    if (writtenBy) {
      await FamilyAct.query(trx).insert({ kind: 'message', itemId: inserted.id, profileId: writtenBy.profileId, actedBy: writtenBy.userId, createdAt: Date.now() });
    }
    return inserted;
  });
  const sentBy = writtenBy ? { relation: writtenBy.relation, label: familyActorLabel(sender.fullName, writtenBy.relation) } : null;
  const view = { ...presentMessage(message, sender.id), sentBy };
  const payload = { ...view, senderName: sender.fullName };
  services.live.publish({ userId: receiverId, kind: 'message', payload: { ...presentMessage(message, receiverId), sentBy, senderName: sender.fullName } });
  services.live.publish({ userId: sender.id, kind: 'message', payload });
  // Family members reading this conversation for either side see it arrive too.
  for (const [owner, other] of [[sender.id, receiverId], [receiverId, sender.id]]) {
    for (const reader of await familyReadersOf(db, owner, other)) services.live.publish({ userId: reader, kind: 'message', payload });
  }
  await notify(services, {
    userId: receiverId,
    type: 'message',
    title: `New message from ${sentBy?.label ?? sender.fullName}`,
    localized: { title: { id: 'server.notification.messageTitle', values: { name: sentBy?.label ?? sender.fullName } } },
    content: content.length > 120 ? `${content.slice(0, 117)}...` : content,
    relatedItemId: sender.id,
    sourceId: message.id,
    sourceType: 'message',
    actorUserId: sender.id,
  });
  if (message.safetySignal) await fileAutomaticReport(db, message);
  return view;
}

const ONLINE_WINDOW_MS = 2 * 60_000;

/** The chat header's view of the other member: presence only as far as their privacy settings allow. */
export async function chatPeer(services: Pick<AppServices, 'db' | 'live'>, viewer: User, otherId: number): Promise<ChatPeerView | null> {
  const { db } = services;
  if (otherId === viewer.id) return null;
  const relationship = await relationshipBetween(db, viewer, otherId);
  if (!relationship.knows) return null;
  const other = await User.query(db).findById(otherId).select('id', 'fullName', 'lastActiveAt');
  if (!other) return null;
  const privacy = await PrivacySettings.query(db).findById(otherId).select('showOnlineStatus', 'showLastSeen');
  const profile = relationship.mayViewProfile ? await Profile.query(db).where({ userId: otherId, isDeleted: false }).select('id').first() : null;
  const photo = profile ? await Photo.query(db).where({ profileId: profile.id, purpose: 'profile' }).orderBy('position').select('fileKey').first() : null;
  const lastActive = other.lastActiveAt;
  const online = services.live.listenerCount(otherId) > 0 || (lastActive !== null && Date.now() - lastActive < ONLINE_WINDOW_MS);
  const refusal = refusalError(relationship.messageRefusal);
  return {
    id: other.id,
    fullName: other.fullName,
    profileId: profile ? profile.id : null,
    photo: photo ? photoUrl(photo.fileKey, relationship.clearPhotos ? 'thumb' : 'blur') : null,
    online: privacy && !privacy.showOnlineStatus ? null : online,
    lastSeenAt: privacy && !privacy.showLastSeen ? null : lastActive ? new Date(lastActive).toISOString() : null,
    canMessage: refusal === null,
    reason: refusal?.message ?? null,
  };
}
