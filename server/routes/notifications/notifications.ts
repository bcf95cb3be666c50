import { newRouter } from '../../context';
import { assertSelf, requireUser } from '../../middleware/auth';
import { idParam } from '../../middleware/validate';
import { Notification } from '../../models/engagement';
import { presentNotification } from '../../presenters/notification';

export function notificationRoutes() {
  const router = newRouter('/api/notifications');
  router.use(requireUser);

  router.get('/:userId/count', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const row = await ctx.services.db('notifications').where({ userId: user.id, isRead: false }).count({ count: '*' }).first();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { count: Number(row?.count ?? 0) };
  });

  router.get('/:userId', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const rows = await Notification.query(ctx.services.db).where({ userId: user.id }).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(100);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = rows.map(presentNotification);
  });

  return router;
}
