import { newRouter } from '../../context';
import { HttpError } from '../../errors';

export function healthRoutes() {
  const router = newRouter('/api');
  router.get('/health', async (ctx) => {
    try {
      await ctx.services.db.raw('select 1');
    } catch {
      throw new HttpError(503, 'Database unreachable', 'db_unreachable');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  return router;
}
