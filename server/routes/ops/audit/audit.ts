import { auditListSchema } from '../../../../contracts/ops';
import type { AppRouter } from '../../../context';
import { parse } from '../../../middleware/validate';
import { AuditLog } from '../../../models/ops';
import { User } from '../../../models/user';
import { SIGN_IN_ACTIONS, auditFrom } from '../../../services/audit';
import { paginate } from '../lib/pagination';
import { escapeLike } from '../lib/search';
import { presentAuditRows, withNames } from './present';

const SIGN_IN_ACTION_LIST = Object.values(SIGN_IN_ACTIONS);

/** The audit log (read-only, newest first) and the console's sign-out, which it records. */
export function auditRoutes(router: AppRouter) {
  router.get('/audit', async (ctx) => {
    const input = parse(auditListSchema, ctx.query);
    const q = AuditLog.query(ctx.services.db);
    if (input.action) q.whereRaw("audit_log.action LIKE ? ESCAPE '\\'", [`${escapeLike(input.action)}%`]);
    if (input.actor) q.where('audit_log.actorUserId', input.actor);
    if (input.targetType) q.where('audit_log.targetType', input.targetType);
    if (input.targetId) q.where('audit_log.targetId', input.targetId);
    if (input.member) q.where('audit_log.subjectUserId', input.member);
    if (input.kind === 'sign_ins') q.whereIn('audit_log.action', SIGN_IN_ACTION_LIST);
    if (input.kind === 'actions') q.whereNotIn('audit_log.action', SIGN_IN_ACTION_LIST);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await paginate(q, input, (rows) => withNames(rows).orderBy('audit_log.createdAt', 'desc').orderBy('audit_log.id', 'desc'), presentAuditRows);
  });

  /** Everyone who has acted in the console, for the log's actor filter. */
  router.get('/audit/actors', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const actors = await User.query(ctx.services.db).whereIn('role', ['reviewer', 'admin']).orderBy('fullName').select('id', 'fullName', 'role', 'status');
    ctx.body = actors.map((a) => ({ id: a.id, fullName: a.fullName, role: a.role, status: a.status }));
  });

  // The console signs out here (not at the member app's logout) so that the sign-out is in the audit log.
  router.post('/sign-out', async (ctx) => {
    await auditFrom(ctx, SIGN_IN_ACTIONS.sign_out, 'user', ctx.state.user?.id ?? null);
    ctx.session = null;
    ctx.body = { message: 'Signed out' };
  });
}
