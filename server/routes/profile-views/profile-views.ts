import { newRouter } from '../../context';
import { assertSelf, requireUser } from '../../middleware/auth';
import { idParam } from '../../middleware/validate';
import { profileViewersOf } from '../../services/profile-views';

/** "Who viewed my profile": the member's own only; named on paid plans, a count on the free plan (docs/tiers-and-limits.md). */
export function profileViewRoutes() {
  const router = newRouter('/api/profile-views');
  router.use(requireUser);

  router.get('/:userId', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await profileViewersOf(ctx.services, user);
  });

  return router;
}
