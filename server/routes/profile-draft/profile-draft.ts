import { profileDraftSchema } from '../../../contracts/profile-draft';
import { newRouter } from '../../context';
import { currentUser, requireUser } from '../../middleware/auth';
import { parse, requestBody } from '../../middleware/validate';
import { discardDraft, loadDraft, saveDraft } from '../../services/profile-draft';

/** The signed-in member's own profile wizard draft; there is no path id, so nobody reaches another's. */
export function profileDraftRoutes() {
  const router = newRouter('/api/profile-draft');
  router.use(requireUser);

  router.get('/', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await loadDraft(ctx.services.db, currentUser(ctx).id);
  });

  router.put('/', async (ctx) => {
    const user = currentUser(ctx);
    const input = parse(profileDraftSchema, requestBody(ctx));
    await saveDraft(ctx.services.db, user.id, input);
    ctx.body = await loadDraft(ctx.services.db, user.id);
  });

  router.delete('/', async (ctx) => {
    const user = currentUser(ctx);
    await discardDraft(ctx.services.db, ctx.services.media, user.id);
    ctx.body = await loadDraft(ctx.services.db, user.id);
  });

  return router;
}
