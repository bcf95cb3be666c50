import { familyAccountSchema, familyAnswerSchema } from '../../../contracts/family';
import { newRouter } from '../../context';
import { notFound } from '../../errors';
import { parse, requestBody } from '../../middleware/validate';
import { invitationByToken, invitationPreview } from '../../services/family/invitations';
import { answerAsCandidate, answerAsFamily } from '../../services/family/answers';
import { maskEmail } from '../../../contracts/family';
import { Profile } from '../../models/profile';
import { User } from '../../models/user';
import { signIn } from '../auth/auth';

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The invitation link: the token in the email is the credential (an unknown token is a 404, a used or expired one
 * a 410). The candidate accepts, takes over or declines; a family member accepts. Accepting signs the person in.
 */
export function familyInvitationRoutes() {
  const router = newRouter('/api/family-invitations');

  router.get('/:token', async (ctx) => {
    const token = ctx.params.token ?? '';
    if (!TOKEN.test(token)) throw notFound('This invitation link is not valid');
    const { db } = ctx.services;
    const { invitation, profile, inviterName, candidateFirstName, hiddenUntilConfirmed } = await invitationByToken(db, token);
    const signedIn = ctx.state.user;
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.body = {
      role: invitation.role,
      relation: invitation.relation,
      // The link may have been forwarded: the address is shown only as much as its owner recognises it.
      maskedEmail: maskEmail(invitation.email),
      inviterName,
      candidateFirstName,
      expiresAt: new Date(Number(invitation.expiresAt)).toISOString(),
      hiddenUntilConfirmed: invitation.role === 'candidate' ? hiddenUntilConfirmed : false,
      // The session's account, and whether the invitation counts for it (a candidate's only for the invited address).
      account: signedIn
        ? {
            fullName: signedIn.fullName,
            invitedAddress: signedIn.email.toLowerCase() === invitation.email.toLowerCase(),
            hasProfile: Boolean(await Profile.query(db).where({ userId: signedIn.id, isDeleted: false }).select('id').first()),
          }
        : null,
      // The person it was made for sees the profile exactly as members do before answering.
      profile: invitation.role === 'candidate' ? await invitationPreview(db, profile.id, token) : null,
    };
  });

  router.post('/:token', async (ctx) => {
    const token = ctx.params.token ?? '';
    if (!TOKEN.test(token)) throw notFound('This invitation link is not valid');
    const { invitation } = await invitationByToken(ctx.services.db, token);
    const body = requestBody(ctx);
    const { db } = ctx.services;
    if (invitation.role === 'candidate') {
      const answered = parse(familyAnswerSchema, body);
      const { answer } = answered;
      const signedIn = ctx.state.user ?? null;
      // Signed in, the candidate answers with that account (when it is the invited address's); else with a new one.
      const account = answer === 'decline' || signedIn ? null : parse(familyAccountSchema, body);
      const answeredBy = await answerAsCandidate(ctx.services, token, answered, account, signedIn);
      if (answeredBy?.created) await signIn(ctx, (await User.query(db).findById(answeredBy.userId)) as User);
      ctx.body = {
        outcome: answer,
        message:
          answer === 'decline'
            ? `The profile is declined and hidden from every member. Your family has been told.${answered.report ? " Saathi's safety team has your report and looks at it first." : ''}`
            : answer === 'take_over'
              ? 'The profile is yours alone now: your family members were removed and signed out.'
              : 'The profile is yours now, on your own account. Your family keep theirs and help as you allow.',
      };
      return;
    }
    const signedIn = ctx.state.user;
    const account = signedIn ? null : parse(familyAccountSchema, body);
    const userId = await answerAsFamily(ctx.services, token, signedIn, account);
    if (!signedIn) await signIn(ctx, (await User.query(db).findById(userId)) as User);
    ctx.body = { outcome: 'accept', message: 'You are now one of the family on this profile.' };
  });

  return router;
}
