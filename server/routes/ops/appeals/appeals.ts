import { APPEAL_DECISIONS, appealDecisionSchema, appealListSchema } from '../../../../contracts/ops';
import type { AppContext, AppRouter } from '../../../context';
import { conflict, forbidden, notFound } from '../../../errors';
import { currentUser } from '../../../middleware/auth';
import { idParam, parse, requestBody } from '../../../middleware/validate';
import { Report, Suspension } from '../../../models/social';
import { User } from '../../../models/user';
import { auditFrom } from '../../../services/audit';
import { mailAppealUpheld } from '../../../services/member-notices';
import { announceRestore, restoreMember } from '../../../services/suspensions';
import { paginate } from '../lib/pagination';
import { appealDetail, presentAppeals } from './present';

const STATUS_AFTER = { uphold: 'upheld', overturn: 'overturned' } as const;

async function findAppeal(ctx: AppContext, id: number): Promise<Report> {
  const appeal = await Report.query(ctx.services.db).findOne({ id, reason: 'appeal' });
  if (!appeal) throw notFound('Appeal not found');
  return appeal;
}

/**
 * A second pair of eyes: the reviewer who suspended does not decide the appeal, unless no other active reviewer or
 * admin exists to do it.
 */
async function mayDecide(ctx: AppContext, appeal: Report): Promise<boolean> {
  if (!appeal.suspensionId) return true;
  const suspension = await Suspension.query(ctx.services.db).findById(appeal.suspensionId).select('suspendedBy');
  const me = currentUser(ctx).id;
  if (!suspension || suspension.suspendedBy !== me) return true;
  const others = await User.query(ctx.services.db).whereIn('role', ['reviewer', 'admin']).where({ status: 'active', isDeleted: false }).whereNot({ id: me }).resultSize();
  return others === 0;
}

const SAME_REVIEWER = 'You suspended this member: another reviewer decides the appeal';

/** The appeals queue: an appeal is upheld (the suspension stays) or overturned (access restored), with a reason. */
export function appealOpsRoutes(router: AppRouter) {
  router.get('/appeals', async (ctx) => {
    const input = parse(appealListSchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await paginate(
      Report.query(ctx.services.db).where({ 'reports.reason': 'appeal', 'reports.status': input.status ?? 'open' }),
      input,
      (q) => q.orderBy('reports.createdAt', 'asc').orderBy('reports.id', 'asc'),
      (rows) => presentAppeals(ctx.services.db, rows),
    );
  });

  router.get('/appeals/:id', async (ctx) => {
    const appeal = await findAppeal(ctx, idParam(ctx.params.id));
    ctx.set('Cache-Control', 'no-store');
    const allowed = await mayDecide(ctx, appeal);
    ctx.body = { ...(await appealDetail(ctx.services.db, appeal)), mayDecide: allowed, whyNot: allowed ? null : SAME_REVIEWER };
  });

  for (const decision of APPEAL_DECISIONS) {
    router.post(`/appeals/:id/${decision}`, async (ctx) => {
      const id = idParam(ctx.params.id);
      const { reason } = parse(appealDecisionSchema, requestBody(ctx));
      const appeal = await findAppeal(ctx, id);
      if (!(await mayDecide(ctx, appeal))) throw forbidden(SAME_REVIEWER);
      const status = STATUS_AFTER[decision];
      const memberId = appeal.reportedUserId;
      await ctx.services.db.transaction(async (trx) => {
        const updated = await Report.query(trx).where({ id, status: 'open' }).patch({ status, handledBy: currentUser(ctx).id, handledAt: Date.now(), resolutionNote: reason });
        if (!updated) throw conflict('This appeal was already decided');
        const active = (await User.query(trx).findById(memberId).select('status'))?.status === 'active';
        // A suspension that ran its length or was restored meanwhile: overturning closes the appeal all the same.
        if (decision === 'overturn' && !active) await restoreMember(ctx, trx, memberId, reason);
        if (decision === 'uphold' && active) throw conflict('This member is no longer suspended; overturn the appeal instead');
        await auditFrom(ctx, `appeal.${decision}`, 'report', id, { reason, suspensionId: appeal.suspensionId }, { db: trx, subjectUserId: memberId });
      });
      if (decision === 'overturn') await announceRestore(ctx, memberId, reason);
      else await mailAppealUpheld(ctx.services.config, ctx.services.db, memberId, reason);
      ctx.body = { message: decision === 'overturn' ? 'Appeal overturned: access restored' : 'Appeal upheld', id, status };
    });
  }
}
