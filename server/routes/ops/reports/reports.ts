import { listPageSchema, reportActionSchema } from '../../../../contracts/ops';
import type { AppContext, AppRouter } from '../../../context';
import { conflict, notFound } from '../../../errors';
import { currentUser } from '../../../middleware/auth';
import { idParam, parse, requestBody } from '../../../middleware/validate';
import { Report } from '../../../models/social';
import { auditFrom } from '../../../services/audit';
import { mailWarning } from '../../../services/member-notices';
import { notify, worded } from '../../../services/notifications';
import { paginate } from '../lib/pagination';
import { announceSuspension, suspendMember } from '../../../services/suspensions';
import { presentReports, reportDetail } from './present';

/**
 * The member who filed a report hears that action was taken (a warning or a suspension), never what it was or
 * anything about the other member. Automatic reports and reports without an account behind them tell no one.
 */
async function tellReporter(ctx: AppContext, report: Report): Promise<void> {
  if (!report.reporterId || report.source === 'auto' || report.reporterId === report.reportedUserId) return;
  await notify(ctx.services, { userId: report.reporterId, type: 'report_outcome', ...worded({ id: 'server.notification.reportOutcomeTitle' }), sourceId: report.id, sourceType: 'report' });
}

const STATUS_AFTER = { dismiss: 'dismissed', warn: 'warned', suspend: 'suspended' } as const;

/** The reports queue and its three outcomes: dismiss, warn the reported member, suspend them. */
export function reportRoutes(router: AppRouter) {
  router.get('/reports', async (ctx) => {
    const input = parse(listPageSchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await paginate(
      // Appeals have their own queue.
      Report.query(ctx.services.db).where('reports.status', input.status ?? 'open').whereNot('reports.reason', 'appeal'),
      input,
      // Priority reports (a profile made without its person's consent) first, then oldest first.
      (q) => q.orderBy('reports.priority', 'desc').orderBy('reports.createdAt', 'asc').orderBy('reports.id', 'asc'),
      (rows) => presentReports(ctx.services.db, rows),
    );
  });

  router.get('/reports/:id', async (ctx) => {
    const id = idParam(ctx.params.id);
    const report = await Report.query(ctx.services.db).findById(id);
    if (!report) throw notFound('Report not found');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await reportDetail(ctx.services.db, report);
  });

  for (const action of ['dismiss', 'warn', 'suspend'] as const) {
    router.post(`/reports/:id/${action}`, async (ctx) => {
      const id = idParam(ctx.params.id);
      const { note, length } = parse(reportActionSchema, requestBody(ctx) ?? {});
      const db = ctx.services.db;
      const report = await Report.query(db).findById(id);
      if (!report) throw notFound('Report not found');
      if (report.reason === 'appeal') throw conflict('Appeals are decided in the appeals queue');
      const status = STATUS_AFTER[action];
      await db.transaction(async (trx) => {
        const updated = await Report.query(trx).where({ id, status: 'open' }).patch({ status, handledBy: currentUser(ctx).id, handledAt: Date.now(), resolutionNote: note ?? null });
        if (!updated) throw conflict('This report was already handled');
        // One audit entry for the action, the suspension's length and end included.
        const details: Record<string, unknown> = { reportedUserId: report.reportedUserId, note: note ?? null };
        if (action === 'suspend') {
          const made = await suspendMember(ctx, trx, report.reportedUserId, { note: note || `report #${id}`, length: length ?? 'until_restored', reportId: id });
          Object.assign(details, { length: length ?? 'until_restored', until: made.until });
        }
        await auditFrom(ctx, `report.${action}`, 'report', id, details, { db: trx, subjectUserId: report.reportedUserId });
      });
      if (action === 'suspend') await announceSuspension(ctx, report.reportedUserId);
      if (action !== 'dismiss') await tellReporter(ctx, report);
      if (action === 'warn') {
        // The reviewer's own words stay as written; without them, the catalogue's warning in the member's language.
        const wording = note ? { ...worded({ id: 'server.notification.warningTitle' }), content: note } : worded({ id: 'server.notification.warningTitle' }, { id: 'server.notification.warningText' });
        const message = wording.content ?? '';
        await notify(ctx.services, { userId: report.reportedUserId, type: 'other', ...wording });
        await mailWarning(ctx.services.config, ctx.services.db, report.reportedUserId, message);
      }
      ctx.body = { message: `Report ${status}`, id, status };
    });
  }
}
