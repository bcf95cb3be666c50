import { sendMessageSchema } from '../../../contracts/messaging';
import type { ConversationView } from '../../../contracts/views';
import { newRouter } from '../../context';
import { notFound } from '../../errors';
import { assertSelf, currentUser, requireUser } from '../../middleware/auth';
import { idParam, parse } from '../../middleware/validate';
import { Message } from '../../models/engagement';
import { chatPeer, presentMessage, sendMessage } from '../../services/messaging';
import { photoUrl } from '../../services/photos';
import { familyAuthorsOf } from '../../services/family/acts';

export function messageRoutes() {
  const router = newRouter('/api/messages');
  router.use(requireUser);

  // The bottom navigation's Messages badge (the real unread count, hidden at 0).
  router.get('/:userId/unread-count', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const row = await ctx.services.db('messages')
      .join('users as sender', 'sender.id', 'messages.senderId')
      .where('messages.receiverId', user.id)
      .where('messages.isRead', false)
      .where('sender.isDeleted', false)
      .where('sender.status', 'active')
      .whereNotExists((q) =>
        q
          .select('blocks.id')
          .from('blocks')
          .where((b) =>
            b
              .where((x) => x.where('blocks.blockerId', user.id).whereRaw('blocks.blocked_id = messages.sender_id'))
              .orWhere((x) => x.where('blocks.blockedId', user.id).whereRaw('blocks.blocker_id = messages.sender_id')),
          ),
      )
      .count({ count: '*' })
      .first();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { count: Number(row?.count ?? 0) };
  });

  // Conversation summaries, newest first. Blocked, deleted and suspended members are left out.
  router.get('/:userId', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const db = ctx.services.db;
    const rows = await db
      .select('t.otherId')
      .max({ lastId: 't.id' })
      .sum({ unread: 't.unread' })
      .from(
        db('messages')
          .select(
            db.raw('CASE WHEN sender_id = ? THEN receiver_id ELSE sender_id END AS other_id', [user.id]),
            'id',
            db.raw('CASE WHEN receiver_id = ? AND is_read = ? THEN 1 ELSE 0 END AS unread', [user.id, false]),
          )
          .where('senderId', user.id)
          .orWhere('receiverId', user.id)
          .as('t'),
      )
      .groupBy('t.otherId');
    const otherIds = rows.map((r) => Number(r.otherId));
    if (otherIds.length === 0) {
      ctx.body = [];
      return;
    }
    const others = await db('users').whereIn('id', otherIds).where({ isDeleted: false, status: 'active' }).select('id', 'fullName');
    const blocked = new Set(
      (await db('blocks').where((q) => q.where('blockerId', user.id).whereIn('blockedId', otherIds)).orWhere((q) => q.where('blockedId', user.id).whereIn('blockerId', otherIds)))
        .map((b) => (b.blockerId === user.id ? b.blockedId : b.blockerId) as number),
    );
    const lastMessages = await db('messages').whereIn('id', rows.map((r) => Number(r.lastId)));
    // The preview names the family member who wrote the last message, as the thread does.
    const authors = await familyAuthorsOf(db, lastMessages.map((m) => Number(m.id)));
    const profiles = await db('profiles').whereIn('userId', otherIds).where('isDeleted', false).select('id', 'userId');
    const photos = profiles.length
      ? await db('photos').whereIn('profileId', profiles.map((p) => p.id)).where({ purpose: 'profile', position: 0 }).select('profileId', 'fileKey')
      : [];
    const privacy = await db('privacy_settings').whereIn('userId', otherIds).select('userId', 'blurPhotos', 'profileVisibility');
    const matchedWith = new Set(
      (await db('matches').where((q) => q.where('user1Id', user.id).whereIn('user2Id', otherIds)).orWhere((q) => q.where('user2Id', user.id).whereIn('user1Id', otherIds)))
        .map((m) => Number(Number(m.user1Id) === user.id ? m.user2Id : m.user1Id)),
    );
    const list: ConversationView[] = [];
    for (const row of rows) {
      const otherId = Number(row.otherId);
      const other = others.find((o) => o.id === otherId);
      const last = lastMessages.find((m) => m.id === Number(row.lastId));
      if (!other || !last || blocked.has(otherId)) continue;
      const profile = profiles.find((p) => p.userId === otherId);
      const p = privacy.find((x) => x.userId === otherId);
      const matched = matchedWith.has(otherId);
      const visible = !p || p.profileVisibility === 'all' || (p.profileVisibility === 'matches' && matched);
      const photo = profile && visible ? photos.find((x) => x.profileId === profile.id) : undefined;
      const blur = p && Number(p.blurPhotos) && !matched;
      list.push({
        otherUser: { id: otherId, fullName: other.fullName },
        profile: { id: profile && visible ? profile.id : null, photos: photo ? [photoUrl(photo.fileKey, blur ? 'blur' : 'thumb')] : [] },
        lastMessage: { content: last.content, createdAt: new Date(Number(last.createdAt)).toISOString(), senderId: last.senderId, sentBy: authors.get(Number(last.id)) ?? null },
        unreadCount: Number(row.unread ?? 0),
      });
    }
    list.sort((a, b) => Date.parse(b.lastMessage.createdAt) - Date.parse(a.lastMessage.createdAt));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = list;
  });

  router.get('/:userId/:otherUserId/peer', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const peer = await chatPeer(ctx.services, user, idParam(ctx.params.otherUserId));
    if (!peer) throw notFound('This member is no longer available');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = peer;
  });

  // The thread; opening it marks the other side's messages as read.
  router.get('/:userId/:otherUserId', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const otherId = idParam(ctx.params.otherUserId);
    const db = ctx.services.db;
    const peer = await chatPeer(ctx.services, user, otherId);
    if (!peer) throw notFound('This member is no longer available');
    const messages = await Message.query(db)
      .where((q) => q.where({ senderId: user.id, receiverId: otherId }).orWhere({ senderId: otherId, receiverId: user.id }))
      .orderBy('createdAt')
      .orderBy('id')
      .limit(1000);
    // Family reading for the member leave the member's messages unread: they are the member's to read.
    const unread = ctx.state.actingFamily ? [] : messages.filter((m) => m.receiverId === user.id && !m.isRead).map((m) => m.id);
    if (unread.length) {
      const now = Date.now();
      await db('messages').whereIn('id', unread).update({ isRead: true, readAt: now });
      for (const m of messages) if (unread.includes(m.id)) m.isRead = true;
      ctx.services.live.publish({ userId: otherId, kind: 'read', payload: { readerId: user.id, messageIds: unread } });
      ctx.services.live.publish({ userId: user.id, kind: 'read', payload: { readerId: user.id, messageIds: unread } });
    }
    ctx.set('Cache-Control', 'no-store');
    // Both sides see which messages a member's family wrote for them.
    const authors = await familyAuthorsOf(db, messages.map((m) => m.id));
    ctx.body = messages.map((m) => ({ ...presentMessage(m), sentBy: authors.get(m.id) ?? null }));
  });

  router.post('/', async (ctx) => {
    const user = currentUser(ctx);
    const input = parse(sendMessageSchema, (ctx.request as unknown as { body?: unknown }).body);
    // The sender is always the session's member.
    if (input.senderId !== undefined) assertSelf(ctx, input.senderId);
    // A family member acting for the member writes as the family: recorded as theirs with the message.
    ctx.status = 201;
    ctx.body = await sendMessage(ctx.services, user, input.receiverId, input.content, ctx.state.actingFamily ?? null);
  });

  return router;
}
