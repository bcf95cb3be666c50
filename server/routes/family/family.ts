import { consentGateSchema, familyInviteSchema, familyPermissionsSchema, shareConversationSchema } from '../../../contracts/family';
import { newRouter } from '../../context';
import { type FamilyAction, decideFamily } from '../../policies/relationship';
import { notFound } from '../../errors';
import { requestLanguage, translate } from '../../i18n';
import { effectiveTier } from '../../policies/tier';
import { currentUser, requireUser } from '../../middleware/auth';
import { idParam, parse, requestBody } from '../../middleware/validate';
import { authorizeFamily, familyLabels, helpedPermissions, peopleOf, profilesHelpedBy } from '../../services/family/people';
import { activityOf } from '../../services/family/activity';
import { invite, openInvitationsOf, revokeInvitation, unansweredInvitation } from '../../services/family/invitations';
import { dropFamilyFromCalls } from '../../services/calls/family';
import { consentGateOf, relationOf, removeMember, setConsentGate, setPermissions } from '../../services/family/members';
import { familyWrittenConversations, shareConversation, sharedConversationsOf } from '../../services/family/acts';

/** The acts a helper's app offers for the candidate, each as the policy allows it today. */
const HELPER_ACTIONS = ['edit', 'search', 'like', 'suggest', 'shortlist', 'message', 'share'] as const satisfies readonly FamilyAction[];

/**
 * The people of a profile: who they are, invitations, removal, and what family may do. Every profile id is checked
 * by the relationship policy's family rules: anyone who is not one of the profile's people gets a 404.
 */
export function familyRoutes() {
  const router = newRouter('/api/family');
  router.use(requireUser);

  // The profiles the signed-in member helps with as family (their "acting for" choices).
  router.get('/', async (ctx) => {
    const user = currentUser(ctx);
    const rows = await profilesHelpedBy(ctx.services.db, user.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = rows.map((r) => {
      const consent = r.consent ?? 'unconfirmed';
      const facts = { role: 'family' as const, consent, permissions: helpedPermissions(r) };
      // What the member may do for the candidate now, as the policy decides it: the app offers exactly these.
      const may = Object.fromEntries(HELPER_ACTIONS.map((a) => [a, decideFamily(facts, a)])) as Record<(typeof HELPER_ACTIONS)[number], boolean>;
      return {
        profileId: r.profileId,
        candidateUserId: r.candidateUserId,
        // the candidate's plan governs what the helper may use acting for them (search filters)
        candidateTier: effectiveTier({ subscriptionTier: r.candidateTier, subscriptionEnds: r.candidateTierEnds === null ? null : Number(r.candidateTierEnds) }),
        candidateName: r.candidateFirstName ?? r.fullName ?? null,
        relation: r.relation,
        consent,
        // whether they may share the profile now (its menu offers "Share profile")
        mayShare: may.share,
        may,
      };
    });
  });

  // The candidate's activity list: what the candidate and family did for the profile, with who did each.
  router.get('/:profileId/activity', async (ctx) => {
    const user = currentUser(ctx);
    const profileId = idParam(ctx.params.profileId);
    const facts = await authorizeFamily(ctx.services.db, user.id, profileId, 'see-people');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await activityOf(ctx.services.db, profileId, { userId: user.id, facts });
  });

  router.get('/:profileId', async (ctx) => {
    const user = currentUser(ctx);
    const profileId = idParam(ctx.params.profileId);
    const facts = await authorizeFamily(ctx.services.db, user.id, profileId, 'see-people');
    const { consent, candidateFirstName, people } = await peopleOf(ctx.services.db, profileId);
    const invitations = await openInvitationsOf(ctx.services.db, profileId);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      profileId,
      you: { userId: user.id, role: facts.role },
      consent,
      candidateFirstName,
      permissions: facts.permissions,
      // the consent gate: hidden from other members until the candidate confirms
      hiddenUntilConfirmed: await consentGateOf(ctx.services.db, profileId),
      // what other members read about how the profile was confirmed
      consentLabel: (await familyLabels(ctx.services.db, [profileId])).get(profileId) ?? null,
      people,
      invitations: invitations.map((i) => ({ id: i.id, role: i.role, relation: i.relation, email: i.email, expiresAt: new Date(i.expiresAt).toISOString() })),
      // the members whose conversation with the candidate the candidate shared with the family
      sharedConversations: await sharedConversationsOf(ctx.services.db, profileId),
      // the members whose conversation with the candidate a family member wrote in: the family read it unshared
      familyConversations: [...(await familyWrittenConversations(ctx.services.db, facts.ownerUserId))],
    };
  });

  // The candidate shares one of their conversations with the family (or stops sharing it).
  router.put('/:profileId/shared-conversations/:otherUserId', async (ctx) => {
    const user = currentUser(ctx);
    const profileId = idParam(ctx.params.profileId);
    const facts = await authorizeFamily(ctx.services.db, user.id, profileId, 'set-permissions');
    const { shared } = parse(shareConversationSchema, requestBody(ctx));
    const result = await shareConversation(ctx.services.db, profileId, facts.ownerUserId, idParam(ctx.params.otherUserId), shared);
    if (shared && !result) throw notFound('Conversation not found');
    ctx.body = { shared: result };
  });

  router.post('/:profileId/invitations', async (ctx) => {
    const user = currentUser(ctx);
    const profileId = idParam(ctx.params.profileId);
    await authorizeFamily(ctx.services.db, user.id, profileId, 'see-people');
    const input = parse(familyInviteSchema, requestBody(ctx));
    const facts = await authorizeFamily(ctx.services.db, user.id, profileId, input.role === 'candidate' ? 'invite-candidate' : 'invite-family');
    const relation = facts.role === 'family' ? await relationOf(ctx.services.db, profileId, user.id) : null;
    const created = await invite(ctx.services, user, profileId, input, relation);
    ctx.status = 201;
    ctx.body = { ...created, message: translate(requestLanguage(ctx), 'server.text.family.invitationSent', { email: input.email }) };
  });

  // Whoever made the profile chooses, until the candidate confirms it, whether other members may see it meanwhile.
  router.patch('/:profileId/consent-gate', async (ctx) => {
    const user = currentUser(ctx);
    const profileId = idParam(ctx.params.profileId);
    await authorizeFamily(ctx.services.db, user.id, profileId, 'set-consent-gate');
    const { hiddenUntilConfirmed } = parse(consentGateSchema, requestBody(ctx));
    ctx.body = { hiddenUntilConfirmed: await setConsentGate(ctx.services.db, profileId, hiddenUntilConfirmed, user) };
  });

  router.delete('/:profileId/invitations/:invitationId', async (ctx) => {
    const user = currentUser(ctx);
    const profileId = idParam(ctx.params.profileId);
    const invitationId = idParam(ctx.params.invitationId);
    const facts = await authorizeFamily(ctx.services.db, user.id, profileId, 'see-people');
    const invitation = await unansweredInvitation(ctx.services.db, profileId, invitationId);
    if (!invitation) throw notFound('Invitation not found');
    await authorizeFamily(ctx.services.db, user.id, profileId, invitation.role === 'candidate' ? 'invite-candidate' : 'invite-family');
    await revokeInvitation(ctx.services.db, invitation.id);
    ctx.body = { message: 'Invitation withdrawn', role: facts.role };
  });

  router.delete('/:profileId/members/:memberId', async (ctx) => {
    const user = currentUser(ctx);
    const profileId = idParam(ctx.params.profileId);
    const memberId = idParam(ctx.params.memberId);
    await authorizeFamily(ctx.services.db, user.id, profileId, 'remove-member');
    const removed = await removeMember(ctx.services, profileId, memberId, user);
    // Removed from the family, they leave any call they joined for it.
    await dropFamilyFromCalls(ctx.services, profileId, removed.userId);
    ctx.body = { message: 'Family member removed and signed out' };
  });

  router.patch('/:profileId/permissions', async (ctx) => {
    const user = currentUser(ctx);
    const profileId = idParam(ctx.params.profileId);
    await authorizeFamily(ctx.services.db, user.id, profileId, 'set-permissions');
    const changes = parse(familyPermissionsSchema, requestBody(ctx));
    const permissions = await setPermissions(ctx.services.db, profileId, changes, user);
    // Family may no longer join calls: those in one now leave it.
    if (!permissions.mayCall) await dropFamilyFromCalls(ctx.services, profileId);
    ctx.body = { permissions };
  });

  return router;
}
