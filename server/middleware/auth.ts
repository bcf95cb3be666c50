import type { Next } from 'koa';
import type { AppContext } from '../context';
import { forbidden, unauthorized, unlessStorageFault } from '../errors';
import { User } from '../models/user';

/** Loads the signed-in user from the session. Suspended or deleted accounts are signed out on the spot. */
export async function loadUser(ctx: AppContext, next: Next): Promise<void> {
  ctx.state.user = null;
  const userId = ctx.session?.userId;
  if (typeof userId === 'number') {
    const read = ctx.state.sessionUser;
    const user = read && read.id === userId ? read : await User.query(ctx.services.db).findById(userId);
    if (user && !user.isDeleted && user.status === 'active') {
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
  await next();
}

export async function requireAdmin(ctx: AppContext, next: Next): Promise<void> {
  const user = currentUser(ctx);
  if (user.role !== 'admin') throw forbidden('Only administrators can do that');
  await next();
}
