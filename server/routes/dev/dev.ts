import { newRouter } from '../../context';
import { notFound } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { currentExpoInfo, presentExpoInfo } from '../../services/expo';

/**
 * Developer tools: the Expo dev URL as a QR code for the mobile preview (rotated with `saathi expo rotate`). The
 * URL carries the dev-client token and host, so it is for the people building the app: any signed-in member of a
 * demo instance, staff when EXPO_DEV_INFO=true; anywhere else the route does not exist.
 */
export function devRoutes() {
  const router = newRouter('/api/dev');
  router.get('/expo-info', async (ctx, next) => {
    const { demoMode, expoDevInfo } = ctx.services.config;
    if (!demoMode && !expoDevInfo) throw notFound('API route not found');
    await next();
  }, requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const staff = user.role === 'reviewer' || user.role === 'admin';
    if (!ctx.services.config.demoMode && !staff) throw notFound('API route not found');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await presentExpoInfo(await currentExpoInfo(ctx.services.db));
  });
  return router;
}
