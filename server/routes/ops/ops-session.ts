import { loginSchema } from '../../../contracts/auth';
import { newRouter, type AppServices } from '../../context';
import { forbidden } from '../../errors';
import { currentUser, mustEnrolTwoFactor } from '../../middleware/auth';
import { parse } from '../../middleware/validate';
import { authenticate } from '../../services/sign-in';
import { signIn } from '../auth/auth';

const MEMBER_REFUSAL =
  'This console is for Saathi reviewers and administrators. Member accounts cannot sign in here — please use the Saathi app.';

function presentStaff(user: { id: number; fullName: string; username: string; email: string; role: string }) {
  return { id: user.id, fullName: user.fullName, username: user.username, email: user.email, role: user.role };
}

/** Ops console sign-in: reviewer and admin accounts only, through the same checks as the member sign-in. */
export function opsSessionRoutes(_services: AppServices) {
  const router = newRouter('/api/ops');

  router.post('/session', async (ctx) => {
    const input = parse(loginSchema, (ctx.request as unknown as { body?: unknown }).body);
    // authenticate audits every console attempt.
    const outcome = await authenticate(ctx, input, 'staff');
    if (!outcome.ok) throw outcome.error;
    await signIn(ctx, outcome.user);
    ctx.body = { user: presentStaff(outcome.user), mustEnrolTwoFactor: mustEnrolTwoFactor(ctx, outcome.user) };
  });

  router.get('/me', async (ctx) => {
    const user = currentUser(ctx);
    if (user.role !== 'reviewer' && user.role !== 'admin') throw forbidden(MEMBER_REFUSAL);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { user: presentStaff(user), mustEnrolTwoFactor: mustEnrolTwoFactor(ctx, user) };
  });

  return router;
}
