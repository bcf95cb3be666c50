import * as z from 'zod';
import { newRouter } from '../../context';
import { badRequest } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { idParam, parse, requestBody } from '../../middleware/validate';
import { NotInterested } from '../../models/activity';
import { Profile } from '../../models/profile';
import { visibleProfilesFilter } from '../../policies/profile-visibility';
import { cardViews } from '../../services/discovery';
import { loadProfile, visibleProfile } from '../../services/profiles';

const markSchema = z.object({
  profileId: z.coerce.number({ error: 'profileId is required' }).int().positive('profileId is required'),
});

/**
 * "Not interested": a member sets a profile aside, and it leaves their search results and is never offered in
 * daily or featured matches again (the match engine skips it). Undone from Settings, where the marked profiles
 * are listed. Only the member's own marks are ever read or removed.
 */
export function notInterestedRoutes() {
  const router = newRouter('/api/not-interested');
  router.use(requireUser);

  router.get('/', async (ctx) => {
    const user = currentUser(ctx);
    const db = ctx.services.db;
    const profiles = await Profile.query(db)
      .join('not_interested', 'not_interested.profileId', 'profiles.id')
      .where('not_interested.userId', user.id)
      .modify(visibleProfilesFilter(user.id))
      .orderBy('not_interested.createdAt', 'desc')
      .orderBy('not_interested.id', 'desc')
      .select('profiles.id');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await cardViews(ctx.services, user, profiles, new Map());
  });

  router.post('/', async (ctx) => {
    const user = currentUser(ctx);
    const input = parse(markSchema, requestBody(ctx));
    const db = ctx.services.db;
    // A profile the member may not see is a 404, as everywhere.
    const { profile } = await visibleProfile(db, user, await loadProfile(db, input.profileId));
    if (profile.userId === user.id) throw badRequest('You cannot set aside your own profile');
    await NotInterested.query(db).insert({ userId: user.id, profileId: profile.id, createdAt: Date.now() }).onConflict(['userId', 'profileId']).ignore();
    ctx.status = 201;
    ctx.body = { profileId: profile.id, notInterested: true };
  });

  router.delete('/:profileId', async (ctx) => {
    const user = currentUser(ctx);
    const profileId = idParam(ctx.params.profileId);
    // The same answer whether or not there was a mark, and whatever the profile: nothing to learn from it.
    await NotInterested.query(ctx.services.db).where({ userId: user.id, profileId }).delete();
    ctx.status = 204;
  });

  return router;
}
