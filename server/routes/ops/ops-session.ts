import { AUTH_MESSAGES, loginSchema } from '../../../contracts/auth';
import { newRouter, type AppServices } from '../../context';
import { forbidden, unauthorized } from '../../errors';
import { currentUser } from '../../middleware/auth';
import { rateLimit } from '../../middleware/rate-limit';
import { parse } from '../../middleware/validate';
import { findUserByLogin } from '../../services/accounts';
import { auditSignIn } from '../../services/audit';
import { dummyPasswordHash, verifyPassword } from '../../services/passwords';
import { signIn } from '../auth/auth';

const MEMBER_REFUSAL =
  'This console is for Saathi reviewers and administrators. Member accounts cannot sign in here — please use the Saathi app.';

function presentStaff(user: { id: number; fullName: string; username: string; email: string; role: string }) {
  return { id: user.id, fullName: user.fullName, username: user.username, email: user.email, role: user.role };
}

/** Ops console sign-in: reviewer and admin accounts only; a member gets a clear refusal and no session. */
export function opsSessionRoutes(services: AppServices) {
  const router = newRouter('/api/ops');
  const { config } = services;

  router.post(
    '/session',
    rateLimit('ops-login', () => config.rateLimits.login),
    async (ctx) => {
      const input = parse(loginSchema, (ctx.request as unknown as { body?: unknown }).body);
      const user = await findUserByLogin(ctx.services.db, input.username);
      const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash(config.scryptCost)));
      if (!user || !ok) await auditSignIn(ctx, 'failure', input.username, user ?? null);
      if (!user || !ok) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      if (user.status !== 'active' || (user.role !== 'reviewer' && user.role !== 'admin')) await auditSignIn(ctx, 'refused', input.username, user);
      if (user.status !== 'active') throw forbidden(AUTH_MESSAGES.accountSuspended);
      if (user.role !== 'reviewer' && user.role !== 'admin') throw forbidden(MEMBER_REFUSAL);
      await signIn(ctx, user);
      await auditSignIn(ctx, 'success', input.username, user);
      ctx.body = { user: presentStaff(user) };
    },
  );

  router.get('/me', async (ctx) => {
    const user = currentUser(ctx);
    if (user.role !== 'reviewer' && user.role !== 'admin') throw forbidden(MEMBER_REFUSAL);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { user: presentStaff(user) };
  });

  return router;
}
