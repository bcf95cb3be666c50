import { newRouter } from '../../context';
import { currentExpoInfo, presentExpoInfo } from '../../services/expo';

/** Developer tools: the Expo dev URL as a QR code for the mobile preview (rotated with `saathi expo rotate`). */
export function devRoutes() {
  const router = newRouter('/api/dev');
  router.get('/expo-info', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await presentExpoInfo(await currentExpoInfo(ctx.services.db));
  });
  return router;
}
