import { shortlistSaveSchema } from '../../../contracts/shortlist';
import { type AppContext, newRouter } from '../../context';
import { notFound } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { idParam, parse, requestBody } from '../../middleware/validate';
import { User } from '../../models/user';
import { authorizeFamily } from '../../services/family/people';
import { removeFromShortlist, saveToShortlist, shortlistOf } from '../../services/shortlist';

/**
 * The profile's people the family rules let shortlist (the relationship policy's 'shortlist'): anyone else is told
 * the profile does not exist (404), a helper the candidate has not allowed to shortlist is refused (403).
 */
async function authorized(ctx: AppContext) {
  const user = currentUser(ctx);
  const profileId = idParam(ctx.params.profileId);
  const facts = await authorizeFamily(ctx.services.db, user.id, profileId, 'shortlist');
  const owner = await User.query(ctx.services.db).findById(facts.ownerUserId);
  if (!owner) throw notFound('Profile not found');
  return { user, profileId, owner };
}

/** The shortlist of a candidate profile, for the candidate as well as for their family (the family shortlist). */
export function shortlistRoutes() {
  const router = newRouter('/api/shortlist');
  router.use(requireUser);

  router.get('/:profileId', async (ctx) => {
    const { user, profileId, owner } = await authorized(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await shortlistOf(ctx.services.db, owner, profileId, user);
  });

  router.post('/:profileId', async (ctx) => {
    const { user, profileId, owner } = await authorized(ctx);
    const input = parse(shortlistSaveSchema, requestBody(ctx));
    const id = await saveToShortlist(ctx.services, owner, user, profileId, input.savedProfileId, input.note);
    ctx.status = 201;
    ctx.body = { id, message: 'Saved to the shortlist' };
  });

  router.delete('/:profileId/:entryId', async (ctx) => {
    const { user, profileId } = await authorized(ctx);
    await removeFromShortlist(ctx.services.db, profileId, idParam(ctx.params.entryId), user);
    ctx.body = { message: 'Removed from the shortlist' };
  });

  return router;
}
