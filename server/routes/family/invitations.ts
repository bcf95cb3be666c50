import { familyAccountSchema, familyAnswerSchema } from '../../../contracts/family';
import { newRouter } from '../../context';
import { notFound } from '../../errors';
import { parse, requestBody } from '../../middleware/validate';
import { answerAsCandidate, answerAsFamily, invitationByToken } from '../../services/family/invitations';
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
    const { invitation, inviterName, candidateFirstName } = await invitationByToken(ctx.services.db, token);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      role: invitation.role,
      relation: invitation.relation,
      email: invitation.email,
      inviterName,
      candidateFirstName,
      expiresAt: new Date(Number(invitation.expiresAt)).toISOString(),
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
      const account = answer === 'decline' ? null : parse(familyAccountSchema, body);
      const userId = await answerAsCandidate(ctx.services, token, answered, account);
      if (userId !== null) await signIn(ctx, (await User.query(db).findById(userId)) as User);
      ctx.body = {
        outcome: answer,
        message:
          answer === 'decline'
            ? `The profile is declined and hidden from every member. Your family has been told.${answered.report ? " Saathi's safety team has your report and looks at it first." : ''}`
            : answer === 'take_over'
              ? 'The profile is yours alone now: your family members were removed and signed out.'
              : 'The profile is yours now. Decide below what your family may do for you.',
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
