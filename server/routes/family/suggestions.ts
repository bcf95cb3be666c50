import { suggestionDecisionSchema, suggestionSchema, threadMessageSchema } from '../../../contracts/family';
import { type AppContext, newRouter } from '../../context';
import { notFound } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { idParam, parse, requestBody } from '../../middleware/validate';
import { User } from '../../models/user';
import type { FamilyAction } from '../../policies/relationship';
import { relationOf } from '../../services/family/members';
import { authorizeFamily } from '../../services/family/people';
import { decide, postToThread, suggest, suggestionsOf, threadOf } from '../../services/family/suggestions';

/** The profile's account (the candidate's), after the family rules allowed `action` to the session's member. */
async function authorizedOwner(ctx: AppContext, action: FamilyAction) {
  const user = currentUser(ctx);
  const profileId = idParam(ctx.params.profileId);
  const facts = await authorizeFamily(ctx.services.db, user.id, profileId, action);
  const owner = await User.query(ctx.services.db).findById(facts.ownerUserId);
  if (!owner) throw notFound('Profile not found');
  return { user, profileId, owner, facts };
}

/**
 * The family shortlist: family members suggest profiles to the candidate with a note; the candidate likes, dismisses
 * or discusses each; the family thread is where the profile's people talk (about one suggestion or in general).
 */
export function familySuggestionRoutes() {
  const router = newRouter('/api/family');
  router.use(requireUser);

  router.get('/:profileId/suggestions', async (ctx) => {
    const { profileId, owner } = await authorizedOwner(ctx, 'family-thread');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await suggestionsOf(ctx.services.db, owner, profileId);
  });

  router.post('/:profileId/suggestions', async (ctx) => {
    await authorizedOwner(ctx, 'see-people');
    const input = parse(suggestionSchema, requestBody(ctx));
    const { user, profileId, owner } = await authorizedOwner(ctx, 'suggest');
    const relation = await relationOf(ctx.services.db, profileId, user.id);
    const id = await suggest(ctx.services, owner, { id: user.id, relation: relation ?? 'family' }, profileId, input.suggestedProfileId, input.note);
    ctx.status = 201;
    ctx.body = { id, message: 'Suggested' };
  });

  router.post('/:profileId/suggestions/:suggestionId/decision', async (ctx) => {
    await authorizedOwner(ctx, 'see-people');
    const { decision } = parse(suggestionDecisionSchema, requestBody(ctx));
    const { profileId, owner } = await authorizedOwner(ctx, 'decide-suggestion');
    ctx.body = await decide(ctx.services, owner, profileId, idParam(ctx.params.suggestionId), decision);
  });

  router.get('/:profileId/thread', async (ctx) => {
    const { profileId } = await authorizedOwner(ctx, 'family-thread');
    const raw = typeof ctx.query.suggestionId === 'string' ? ctx.query.suggestionId : null;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await threadOf(ctx.services.db, profileId, raw === null ? null : idParam(raw));
  });

  router.post('/:profileId/thread', async (ctx) => {
    await authorizedOwner(ctx, 'see-people');
    const input = parse(threadMessageSchema, requestBody(ctx));
    const { user, profileId } = await authorizedOwner(ctx, 'family-thread');
    const id = await postToThread(ctx.services.db, profileId, user.id, input.content, input.suggestionId ?? null);
    ctx.status = 201;
    ctx.body = { id };
  });

  return router;
}
