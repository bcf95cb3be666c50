import * as z from 'zod';
import { newRouter } from '../../context';
import { badRequest, forbidden } from '../../errors';
import { effectiveTier } from '../../policies/tier';
import { cardViews, percentagesFor, rankedCards } from '../../services/discovery';
import { assertSelf, currentUser, requireUser } from '../../middleware/auth';
import { idParam, parse, requestBody } from '../../middleware/validate';
import { Profile } from '../../models/profile';
import { visibleProfilesFilter } from '../../policies/profile-visibility';
import { endCallsBetween } from '../../services/calls/state';
import { likeOf, likeProfile, unlikeProfile } from '../../services/likes';
import { familyActorLabel, familyLikeGivers, familyLikeLabels, likeGiverLabel } from '../../services/family/acts';
import { loadProfile, visibleProfile } from '../../services/profiles';

const likeSchema = z.object({
  userId: z.coerce.number().int().positive().optional(),
  likedProfileId: z.coerce.number({ error: 'likedProfileId is required' }).int().positive('likedProfileId is required'),
});


export function likeRoutes() {
  const router = newRouter('/api/profile-likes');
  router.use(requireUser);

  router.get('/:userId/:profileId/check', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const profileId = idParam(ctx.params.profileId);
    const like = await likeOf(ctx.services.db, user.id, profileId);
    ctx.set('Cache-Control', 'no-store');
    // A like family gave says who: "your father" to the candidate, "you" to the father acting for them.
    const giver = like ? (await familyLikeGivers(ctx.services.db, user.id, [profileId])).get(profileId) : undefined;
    ctx.body = { isLiked: Boolean(like), likedBy: likeGiverLabel(giver, user.fullName, { actingFamilyUserId: ctx.state.actingFamily?.userId ?? null }) };
  });

  router.post('/', async (ctx) => {
    const user = currentUser(ctx);
    const input = parse(likeSchema, requestBody(ctx));
    // The acting member is always the session's; a different userId in the body is refused.
    if (input.userId !== undefined) assertSelf(ctx, input.userId);
    const { profile } = await visibleProfile(ctx.services.db, user, await loadProfile(ctx.services.db, input.likedProfileId));
    if (profile.userId === user.id) throw badRequest('You cannot like your own profile');
    // A like a family member gave for the profile says so: "Priya's mother liked your profile".
    const givenBy = ctx.state.actingFamily ? familyActorLabel(user.fullName, ctx.state.actingFamily.relation) : null;
    const outcome = await likeProfile(ctx.services, user, profile, { givenBy });
    ctx.status = outcome.created ? 201 : 200;
    ctx.body = { isLiked: true, isMatch: outcome.matched, message: outcome.created ? 'Profile Liked!' : 'Already liked' };
  });

  router.delete('/:userId/:profileId', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const profileId = idParam(ctx.params.profileId);
    const unliked = await unlikeProfile(ctx.services.db, user.id, profileId);
    // Un-liking unmatches, and an unmatch ends any call between the two (ringing or live).
    if (unliked !== null) await endCallsBetween(ctx.services, user.id, unliked, 'unmatched');
    ctx.body = { isLiked: false, message: 'Profile unliked' };
  });

  // "See who liked you": premium and elite only (docs/tiers-and-limits.md).
  router.get('/:userId/received', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    if (effectiveTier(user) === 'tryme') {
      throw forbidden('See who liked you with Premium or Elite.', { upgradeRequired: true });
    }
    const db = ctx.services.db;
    const mine = (await Profile.query(db).where({ userId: user.id, isDeleted: false }).select('id')).map((p) => p.id);
    if (mine.length === 0) {
      ctx.body = [];
      return;
    }
    const profiles = await Profile.query(db)
      .join('profile_likes', 'profile_likes.userId', 'profiles.userId')
      .whereIn('profile_likes.likedProfileId', mine)
      .modify(visibleProfilesFilter(user.id))
      .orderBy('profile_likes.createdAt', 'desc')
      .select('profiles.id', 'profiles.userId');
    ctx.set('Cache-Control', 'no-store');
    // Best match first (the match engine's score), most recent first among equals. A like a member's family gave
    // for them says so ("Priya's mother").
    const byFamily = await familyLikeLabels(db, mine);
    ctx.body = (await rankedCards(ctx.services, user, profiles)).map((card) => ({ ...card, likedBy: byFamily.get(card.userId) ?? null }));
  });

  router.get('/:userId', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const db = ctx.services.db;
    const profiles = await Profile.query(db)
      .join('profile_likes', 'profile_likes.likedProfileId', 'profiles.id')
      .where('profile_likes.userId', user.id)
      .modify(visibleProfilesFilter(user.id))
      .orderBy('profile_likes.createdAt', 'desc')
      .select('profiles.id', 'profiles.userId');
    // Same card presentation (blurred photos for non-matches, the match percentage) as search and daily matches;
    // the member's own likes stay in the order given.
    ctx.set('Cache-Control', 'no-store');
    const givers = await familyLikeGivers(db, user.id, profiles.map((p) => p.id));
    const asker = { actingFamilyUserId: ctx.state.actingFamily?.userId ?? null };
    const cards = await cardViews(ctx.services, user, profiles, await percentagesFor(ctx.services.engine, user, profiles));
    ctx.body = cards.map((card) => ({ ...card, likedBy: likeGiverLabel(givers.get(card.id), user.fullName, asker) }));
  });

  return router;
}
