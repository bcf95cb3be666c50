import { sendMessageSchema } from '../../../contracts/messaging';
import { newRouter } from '../../context';
import { notFound } from '../../errors';
import { assertSelf, currentUser, requireUser } from '../../middleware/auth';
import { idParam, parse } from '../../middleware/validate';
import { conversationsOf, markRead, unreadMessageCount } from '../../services/conversations';
import { familyVisibleConversations } from '../../services/family/acts';
import { chatPeer, presentThread, sendMessage, threadMessages } from '../../services/messaging';

export function messageRoutes() {
  const router = newRouter('/api/messages');
  router.use(requireUser);

  // The bottom navigation's Messages badge (the real unread count, hidden at 0).
  router.get('/:userId/unread-count', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    // A family member acting for the member counts only the conversations family may see.
    const acting = ctx.state.actingFamily;
    const onlyFrom = acting ? await familyVisibleConversations(ctx.services.db, user.id, acting.profileId) : undefined;
    const count = await unreadMessageCount(ctx.services.db, user.id, onlyFrom);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { count };
  });

  // Conversation summaries, newest first. Blocked, deleted and suspended members are left out.
  router.get('/:userId', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const list = await conversationsOf(ctx.services.db, user.id);
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
    const messages = await threadMessages(db, user.id, otherId);
    // Family reading for the member leave the member's messages unread: they are the member's to read.
    const unread = ctx.state.actingFamily ? [] : messages.filter((m) => m.receiverId === user.id && !m.isRead).map((m) => m.id);
    if (unread.length) {
      const now = Date.now();
      await markRead(db, unread, now);
      for (const m of messages) if (unread.includes(m.id)) m.isRead = true;
      ctx.services.live.publish({ userId: otherId, kind: 'read', payload: { readerId: user.id, messageIds: unread } });
      ctx.services.live.publish({ userId: user.id, kind: 'read', payload: { readerId: user.id, messageIds: unread } });
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await presentThread(db, messages, user.id);
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
