import { createReviewerSchema, deactivateStaffSchema, staffRoleSchema } from '../../../../contracts/ops';
import type { AppContext, AppRouter } from '../../../context';
import { requireAdmin } from '../../../middleware/auth';
import { idParam, parse, requestBody } from '../../../middleware/validate';
import { User } from '../../../models/user';
import { isoOrNull } from '../../../presenters/user';
import { type StaffActor, changeStaffRole, deactivateStaff, inviteStaff, reactivateStaff, sendStaffPasswordReset } from '../../../services/staff';

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
    const user = await inviteStaff(ctx.services.config, ctx.services.db, actorOf(ctx), input);
    ctx.status = 201;
    ctx.body = { id: user.id, fullName: user.fullName, username: user.username, email: user.email, role: user.role, message: `An invitation to choose a password was emailed to ${user.email}` };
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
