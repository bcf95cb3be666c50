import type { Next } from 'koa';
import type { AppContext } from '../context';
import { HttpError, forbidden, unauthorized, unlessStorageFault } from '../errors';
import { User } from '../models/user';

/** Loads the signed-in user from the session. Suspended or deleted accounts are signed out on the spot. */
export async function loadUser(ctx: AppContext, next: Next): Promise<void> {
  ctx.state.user = null;
  const userId = ctx.session?.userId;
  if (typeof userId === 'number') {
    const read = ctx.state.sessionUser;
    const user = read && read.id === userId ? read : await User.query(ctx.services.db).findById(userId);
    if (user && !user.isDeleted && user.status === 'active') {
      // A staff account still to turn on two-factor authentication is signed in for the console's enrolment only:
      // everywhere else (media, member routes) it is no one, so a password alone reaches no member's data.
      if (mustEnrolTwoFactor(ctx, user) && !ENROLMENT_PATHS.test(ctx.path)) {
        await next();
        return;
      }
      ctx.state.user = user;
      // Presence: at most one write a minute per member.
      const now = Date.now();
      if (!user.lastActiveAt || now - user.lastActiveAt > 60_000) {
        // Best effort: on a read-only or full disk, reads go on without the presence update.
        await unlessStorageFault(async () => {
          await User.query(ctx.services.db).findById(user.id).patch({ lastActiveAt: now });
        });
        user.lastActiveAt = now;
      }
    } else {
      ctx.session = null;
    }
  }
  await next();
}

export function currentUser(ctx: AppContext): User {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  return user;
}

export async function requireUser(ctx: AppContext, next: Next): Promise<void> {
  currentUser(ctx);
  await next();
}

/** The path's user id must be the session's own. */
export function assertSelf(ctx: AppContext, userId: number): User {
  const user = currentUser(ctx);
  if (user.id !== userId) throw forbidden('You can only access your own account');
  return user;
}

export async function requireStaff(ctx: AppContext, next: Next): Promise<void> {
  const user = currentUser(ctx);
  if (user.role !== 'reviewer' && user.role !== 'admin') {
    throw forbidden('This console is for Saathi reviewers and administrators. Member accounts cannot use it.');
  }
  // Staff see members' private data: a password alone is not enough to reach it.
  if (mustEnrolTwoFactor(ctx, user) && ctx.path !== '/api/ops/sign-out') throw new HttpError(403, TWO_FACTOR_ENROLMENT_MESSAGE, 'two_factor_enrolment_required', { twoFactorEnrolmentRequired: true });
  await next();
}

export async function requireAdmin(ctx: AppContext, next: Next): Promise<void> {
  const user = currentUser(ctx);
  if (user.role !== 'admin') throw forbidden('Only administrators can do that');
  await next();
}

/** What a staff session may reach before enrolment: the console (which answers why), the 2FA setup, signing out. */
const ENROLMENT_PATHS = /^\/api\/(ops\/|users\/\d+\/2fa(\/|$)|auth\/logout$)/;

export const TWO_FACTOR_ENROLMENT_MESSAGE = 'Turn on two-factor authentication to use the console';

/** A staff account that must still turn on two-factor authentication before the console serves it. */
export function mustEnrolTwoFactor(ctx: AppContext, user: User): boolean {
  return ctx.services.config.staffTwoFactorRequired && (user.role === 'reviewer' || user.role === 'admin') && !user.totpEnabled;
}
