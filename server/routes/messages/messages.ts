import { newRouter } from '../../context';
import { assertSelf, requireUser } from '../../middleware/auth';
import { idParam } from '../../middleware/validate';

export function messageRoutes() {
  const router = newRouter('/api/messages');
  router.use(requireUser);

  // The bottom navigation's Messages badge (DECISIONS.md: the real unread count, hidden at 0).
  router.get('/:userId/unread-count', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const row = await ctx.services.db('messages')
      .join('users as sender', 'sender.id', 'messages.senderId')
      .where('messages.receiverId', user.id)
      .where('messages.isRead', false)
      .where('sender.isDeleted', false)
      .whereNotExists((q) => q.select(1).from('blocks').where('blocks.blockerId', user.id).whereRaw('blocks.blocked_id = messages.sender_id'))
      .count({ count: '*' })
      .first();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { count: Number(row?.count ?? 0) };
  });

  return router;
}
