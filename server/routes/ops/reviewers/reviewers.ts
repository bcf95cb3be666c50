import { createReviewerSchema, deactivateStaffSchema, staffRoleSchema } from '../../../../contracts/ops';
import type { AppContext, AppRouter } from '../../../context';
import { conflict } from '../../../errors';
import { requireAdmin } from '../../../middleware/auth';
import { idParam, parse, requestBody } from '../../../middleware/validate';
import { User } from '../../../models/user';
import { isoOrNull } from '../../../presenters/user';
import { createAccount, takenField } from '../../../services/accounts';
import { auditFrom } from '../../../services/audit';
import { type StaffActor, changeStaffRole, deactivateStaff, reactivateStaff, sendStaffPasswordReset } from '../../../services/staff';

function actorOf(ctx: AppContext): StaffActor {
  return { actorUserId: ctx.state.user?.id ?? null, actorRole: ctx.state.user?.role ?? null, ip: ctx.ip, requestId: ctx.state.requestId ?? null };
}

/** Staff accounts (admins only): list, create, deactivate / reactivate, change role, send a password reset. */
export function reviewerRoutes(router: AppRouter) {
  router.get('/reviewers', requireAdmin, async (ctx) => {
    const staff = await User.query(ctx.services.db).whereIn('role', ['reviewer', 'admin']).where({ isDeleted: false }).orderBy('createdAt').select('id', 'fullName', 'username', 'email', 'role', 'status', 'createdAt');
    ctx.body = staff.map((s) => ({ id: s.id, fullName: s.fullName, username: s.username, email: s.email, role: s.role, status: s.status, createdAt: isoOrNull(s.createdAt) }));
  });

  router.post('/reviewers', requireAdmin, async (ctx) => {
    const input = parse(createReviewerSchema, requestBody(ctx));
    const db = ctx.services.db;
    const taken = await takenField(db, input.username, input.email);
    if (taken) throw conflict(taken === 'username' ? 'Username already exists' : 'Email already registered', { field: taken });
    const user = await db.transaction(async (trx) => {
      const created = await createAccount(
        trx,
        { fullName: input.fullName, username: input.username, email: input.email.toLowerCase(), password: input.password, role: input.role },
        { passwordParams: ctx.services.config.argon2, firstFreePremium: ctx.services.config.firstFreePremium, countRegistration: false },
      );
      await auditFrom(ctx, 'reviewer.create', 'user', created.id, { username: input.username, role: input.role }, { db: trx });
      return created;
    });
    ctx.status = 201;
    ctx.body = { id: user.id, fullName: user.fullName, username: user.username, email: user.email, role: user.role };
  });

  router.post('/reviewers/:id/deactivate', requireAdmin, async (ctx) => {
    const { note } = parse(deactivateStaffSchema, requestBody(ctx) ?? {});
    const user = await deactivateStaff(ctx.services.db, ctx.services.live, actorOf(ctx), idParam(ctx.params.id), note);
    ctx.body = { message: `${user.fullName} is deactivated and signed out`, id: user.id, status: user.status };
  });

  router.post('/reviewers/:id/reactivate', requireAdmin, async (ctx) => {
    const user = await reactivateStaff(ctx.services.db, actorOf(ctx), idParam(ctx.params.id));
    ctx.body = { message: `${user.fullName} can sign in again`, id: user.id, status: user.status };
  });

  router.post('/reviewers/:id/role', requireAdmin, async (ctx) => {
    const { role } = parse(staffRoleSchema, requestBody(ctx));
    const user = await changeStaffRole(ctx.services.db, ctx.services.live, actorOf(ctx), idParam(ctx.params.id), role);
    ctx.body = { message: `${user.fullName} is now ${role === 'admin' ? 'an admin' : 'a reviewer'}`, id: user.id, role: user.role };
  });

  router.post('/reviewers/:id/reset', requireAdmin, async (ctx) => {
    const user = await sendStaffPasswordReset(ctx.services.config, ctx.services.db, actorOf(ctx), idParam(ctx.params.id));
    ctx.body = { message: `A password reset link was emailed to ${user.fullName}`, id: user.id };
  });
}
