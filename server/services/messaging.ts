import { MESSAGE_TEXTS } from '../../contracts/messaging';
import type { ChatPeerView, MessageView } from '../../contracts/views';
import type { AppServices } from '../context';
import type { Db } from '../db';
import { HttpError } from '../errors';
import { Message } from '../models/engagement';
import type { User } from '../models/user';
import { areMatched, isBlockedEitherWay } from '../policies/media';
import { effectiveTier } from '../policies/tier';
import { notify } from './notifications';
import { photoUrl } from './photos';

export function presentMessage(m: Message): MessageView {
  return {
    id: m.id,
    senderId: m.senderId,
    receiverId: m.receiverId,
    content: m.content,
    isRead: m.isRead,
    is_read: m.isRead,
    createdAt: new Date(m.createdAt).toISOString(),
  };
}

export function monthStart(now = new Date()): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
}

/** Messages the member sent this calendar month (UTC): the tryme limit counts these. */
export async function messagesSentThisMonth(db: Db, userId: number): Promise<number> {
  const row = await db('messages').where('senderId', userId).where('createdAt', '>=', monthStart()).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** The tryme message allowance: null for unlimited tiers. */
export function messageLimitFor(user: User, trymeLimit: number): number | null {
  return effectiveTier(user) === 'tryme' ? trymeLimit : null;
}

/** Why `sender` may not message `receiverId` right now (null: allowed). Tier limits are checked separately. */
export async function messagingRefusal(db: Db, sender: User, receiverId: number): Promise<HttpError | null> {
  if (receiverId === sender.id) return new HttpError(400, 'You cannot message yourself', 'bad_request');
  const receiver = await db('users').where({ id: receiverId }).first('isDeleted', 'status', 'role');
  if (!receiver || Number(receiver.isDeleted) || receiver.status !== 'active' || receiver.role !== 'member') {
    return new HttpError(404, MESSAGE_TEXTS.receiverGone, 'not_found');
  }
  if (await isBlockedEitherWay(db, sender.id, receiverId)) return new HttpError(403, MESSAGE_TEXTS.blocked, 'forbidden');
  const privacy = await db('privacy_settings').where({ userId: receiverId }).first('allowMessagesFrom');
  const allow = privacy?.allowMessagesFrom ?? 'all';
  if (allow === 'none') return new HttpError(403, MESSAGE_TEXTS.notAccepting, 'forbidden');
  if (allow === 'matches' && !(await areMatched(db, sender.id, receiverId))) return new HttpError(403, MESSAGE_TEXTS.matchesOnly, 'forbidden');
  return null;
}

export async function sendMessage(services: Pick<AppServices, 'db' | 'live' | 'config'>, sender: User, receiverId: number, content: string): Promise<Message> {
  const { db } = services;
  const refusal = await messagingRefusal(db, sender, receiverId);
  if (refusal) throw refusal;
  const limit = messageLimitFor(sender, services.config.trymeMessageLimit);
  const message = await db.transaction(async (trx) => {
    if (limit !== null) {
      const row = await trx('messages').where('senderId', sender.id).where('createdAt', '>=', monthStart()).count({ n: '*' }).first();
      if (Number(row?.n ?? 0) >= limit) throw new HttpError(403, MESSAGE_TEXTS.limitReached, 'limit_reached', { upgradeRequired: true, limit });
    }
    const inserted = await Message.query(trx).insertAndFetch({ senderId: sender.id, receiverId, content, isRead: false, createdAt: Date.now() });
    await trx('users').where({ id: sender.id }).increment('messageCount', 1);
    return inserted;
  });
  const payload = { ...presentMessage(message), senderName: sender.fullName };
  services.live.publish({ userId: receiverId, kind: 'message', payload });
  services.live.publish({ userId: sender.id, kind: 'message', payload });
  await notify(services, {
    userId: receiverId,
    type: 'message',
    title: `New message from ${sender.fullName}`,
    content: content.length > 120 ? `${content.slice(0, 117)}...` : content,
    relatedItemId: sender.id,
    sourceId: message.id,
    sourceType: 'message',
    actorUserId: sender.id,
  });
  return message;
}

const ONLINE_WINDOW_MS = 2 * 60_000;

/** The chat header's view of the other member: presence only as far as their privacy settings allow. */
export async function chatPeer(services: Pick<AppServices, 'db' | 'live'>, viewer: User, otherId: number): Promise<ChatPeerView | null> {
  const { db } = services;
  const other = await db('users').where({ id: otherId }).first();
  if (!other || Number(other.isDeleted) || other.status !== 'active' || other.role !== 'member') return null;
  if (await isBlockedEitherWay(db, viewer.id, otherId)) return null;
  const privacy = await db('privacy_settings').where({ userId: otherId }).first();
  const profile = await db('profiles').where({ userId: otherId, isDeleted: false }).first('id');
  const photo = profile ? await db('photos').where({ profileId: profile.id, purpose: 'profile' }).orderBy('position').first('fileKey') : null;
  const matched = await areMatched(db, viewer.id, otherId);
  const blurred = privacy && Number(privacy.blurPhotos) && !matched;
  const lastActive = other.lastActiveAt === null ? null : Number(other.lastActiveAt);
  const online = services.live.listenerCount(otherId) > 0 || (lastActive !== null && Date.now() - lastActive < ONLINE_WINDOW_MS);
  const refusal = await messagingRefusal(db, viewer, otherId);
  const visibility = privacy?.profileVisibility ?? 'all';
  const profileVisible = profile && (visibility === 'all' || (visibility === 'matches' && matched));
  return {
    id: other.id,
    fullName: other.fullName,
    profileId: profileVisible ? profile.id : null,
    photo: photo && profileVisible ? photoUrl(photo.fileKey, blurred ? 'blur' : 'thumb') : null,
    online: privacy && !Number(privacy.showOnlineStatus) ? null : online,
    lastSeenAt: privacy && !Number(privacy.showLastSeen) ? null : lastActive ? new Date(lastActive).toISOString() : null,
    canMessage: refusal === null,
    reason: refusal?.message ?? null,
  };
}
