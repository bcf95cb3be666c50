import { auditListSchema } from '../../../../contracts/ops';
import type { AppRouter } from '../../../context';
import { parse } from '../../../middleware/validate';
import { isoOrNull } from '../../../presenters/user';
import { paginate } from '../lib/pagination';
import { escapeLike } from '../lib/search';

/** The audit log, newest first, filterable by action prefix, actor and target type. Read-only. */
export function auditRoutes(router: AppRouter) {
  router.get('/audit', async (ctx) => {
    const input = parse(auditListSchema, ctx.query);
    const q = ctx.services.db('audit_log');
    if (input.action) q.whereRaw("audit_log.action LIKE ? ESCAPE '\\'", [`${escapeLike(input.action)}%`]);
    if (input.actor) q.where('audit_log.actorUserId', input.actor);
    if (input.targetType) q.where('audit_log.targetType', input.targetType);
    ctx.body = await paginate(
      q,
      input,
      (rows) =>
        rows
          .leftJoin('users', 'users.id', 'audit_log.actorUserId')
          .orderBy('audit_log.createdAt', 'desc')
          .orderBy('audit_log.id', 'desc')
          .select('audit_log.*', 'users.fullName as actorName'),
      (rows) =>
        rows.map((r) => ({
          id: r.id,
          actor: r.actorUserId ? { id: r.actorUserId, fullName: r.actorName, role: r.actorRole } : { id: null, fullName: r.actorRole === 'cli' ? 'Command line' : 'System', role: r.actorRole },
          action: r.action, targetType: r.targetType, targetId: r.targetId, details: r.details ? JSON.parse(r.details) : null, createdAt: isoOrNull(r.createdAt),
        })),
    );
  });
}
