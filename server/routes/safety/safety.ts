import * as z from 'zod';
import { REPORT_REASONS } from '../../../contracts/enums';
import { type AppContext, newRouter } from '../../context';
import { badRequest, notFound } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { idParam, parse, requestBody } from '../../middleware/validate';
import { relationshipBetween } from '../../policies/relationship';
import { blockMember, blockedBy, unblockMember } from '../../services/blocks';
import { endCallsBetween } from '../../services/calls/state';
import { fileReport } from '../../services/reports';

const blockSchema = z.object({ userId: z.coerce.number({ error: 'userId is required' }).int().positive() });
const reportSchema = z.object({
  reportedUserId: z.coerce.number({ error: 'reportedUserId is required' }).int().positive(),
  reportedProfileId: z.coerce.number().int().positive().nullish(),
  reason: z.enum(REPORT_REASONS, { error: 'Please choose a reason for the report' }),
  details: z.string().trim().max(2000, 'Please keep the details under 2000 characters').optional(),
});


/** A member the viewer may block or report; anyone else answers exactly like an id that does not exist. */
async function reportableMember(ctx: AppContext, userId: number): Promise<void> {
  const relationship = await relationshipBetween(ctx.services.db, currentUser(ctx), userId);
  if (!relationship.mayBlockOrReport) throw notFound('Member not found');
}

/** Block and report: blocked pairs disappear from each other everywhere (docs/privacy-and-visibility.md). */
export function safetyRoutes() {
  const router = newRouter('/api');
  router.use(requireUser);

  router.get('/blocks', async (ctx) => {
    const user = currentUser(ctx);
    ctx.body = await blockedBy(ctx.services.db, user.id);
  });

  router.post('/blocks', async (ctx) => {
    const user = currentUser(ctx);
    const { userId } = parse(blockSchema, requestBody(ctx));
    if (userId === user.id) throw badRequest('You cannot block yourself');
    await reportableMember(ctx, userId);
    await blockMember(ctx.services.db, user.id, userId);
    // A block ends the match, and with it any call between the two.
    await endCallsBetween(ctx.services, user.id, userId, 'blocked');
    ctx.status = 201;
    ctx.body = { message: 'Member blocked', userId };
  });

  router.delete('/blocks/:userId', async (ctx) => {
    const user = currentUser(ctx);
    const blockedId = idParam(ctx.params.userId);
    if (!(await unblockMember(ctx.services.db, user.id, blockedId))) throw notFound('This member is not blocked');
    ctx.body = { message: 'Member unblocked', userId: blockedId };
  });

  router.post('/reports', async (ctx) => {
    const user = currentUser(ctx);
    const input = parse(reportSchema, requestBody(ctx));
    if (input.reportedUserId === user.id) throw badRequest('You cannot report yourself');
    await reportableMember(ctx, input.reportedUserId);
    const id = await fileReport(ctx.services.db, {
      reporterId: user.id,
      reportedUserId: input.reportedUserId,
      reportedProfileId: input.reportedProfileId ?? null,
      reason: input.reason,
      details: input.details || null,
    });
    ctx.status = 201;
    ctx.body = { id, message: 'Thank you. Our team will review this report.' };
  });

  return router;
}
