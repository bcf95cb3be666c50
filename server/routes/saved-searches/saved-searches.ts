import { savedSearchCreateSchema, savedSearchUpdateSchema } from '../../../contracts/saved-searches';
import { newRouter } from '../../context';
import { currentUser, requireUser } from '../../middleware/auth';
import { idParam, parse, requestBody } from '../../middleware/validate';
import { deleteSavedSearch, ownSavedSearch, saveSearch, savedSearchesOf, updateSavedSearch } from '../../services/saved-searches/searches';

/**
 * A member's saved searches. Each belongs to the member whose search it is: a family member acting for the candidate
 * (X-Saathi-Acting-For, allowed by the candidate's maySearch: routes/family/acting.ts) reads and saves the candidate's.
 * Another member's search answers 404.
 */
export function savedSearchRoutes() {
  const router = newRouter('/api/saved-searches');
  router.use(requireUser);

  router.get('/', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await savedSearchesOf(ctx.services, currentUser(ctx));
  });

  router.post('/', async (ctx) => {
    const input = parse(savedSearchCreateSchema, requestBody(ctx));
    ctx.status = 201;
    ctx.body = await saveSearch(ctx.services, currentUser(ctx), input);
  });

  router.patch('/:id', async (ctx) => {
    // Another member's id answers 404 whatever the body says: the search is found before the body is read.
    const row = await ownSavedSearch(ctx.services.db, currentUser(ctx), idParam(ctx.params.id));
    const input = parse(savedSearchUpdateSchema, requestBody(ctx));
    ctx.body = await updateSavedSearch(ctx.services, currentUser(ctx), row, input);
  });

  router.delete('/:id', async (ctx) => {
    await deleteSavedSearch(ctx.services.db, currentUser(ctx), idParam(ctx.params.id));
    ctx.body = { message: 'Saved search deleted' };
  });

  return router;
}
