import type { Knex } from 'knex';
import * as z from 'zod';
import { REPORT_REASONS } from '../../../contracts/enums';
import { type AppContext, newRouter } from '../../context';
import { badRequest, notFound } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { idParam, parse, requestBody } from '../../middleware/validate';
import { relationshipBetween } from '../../policies/relationship';
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
    const rows = await ctx.services.db('blocks')
      .join('users', 'users.id', 'blocks.blockedId')
      .where('blocks.blockerId', user.id)
      .orderBy('blocks.createdAt', 'desc')
      .select('users.id as userId', 'users.fullName', 'blocks.createdAt');
    ctx.body = rows.map((r) => ({ userId: r.userId, fullName: r.fullName, blockedAt: new Date(Number(r.createdAt)).toISOString() }));
  });

  router.post('/blocks', async (ctx) => {
    const user = currentUser(ctx);
    const { userId } = parse(blockSchema, requestBody(ctx));
    if (userId === user.id) throw badRequest('You cannot block yourself');
    await reportableMember(ctx, userId);
    await ctx.services.db.transaction(async (trx: Knex.Transaction) => {
      await trx('blocks').insert({ blockerId: user.id, blockedId: userId, createdAt: Date.now() }).onConflict(['blockerId', 'blockedId']).ignore();
      // A block ends what the two shared: likes both ways and the match.
      const mine = await trx('profiles').where({ userId: user.id }).pluck('id');
      const theirs = await trx('profiles').where({ userId }).pluck('id');
      await trx('profile_likes').where({ userId: user.id }).whereIn('likedProfileId', theirs.length ? theirs : [0]).delete();
      await trx('profile_likes').where({ userId }).whereIn('likedProfileId', mine.length ? mine : [0]).delete();
      const [user1Id, user2Id] = user.id < userId ? [user.id, userId] : [userId, user.id];
      await trx('matches').where({ user1Id, user2Id }).delete();
    });
    ctx.status = 201;
    ctx.body = { message: 'Member blocked', userId };
  });

  router.delete('/blocks/:userId', async (ctx) => {
    const user = currentUser(ctx);
    const blockedId = idParam(ctx.params.userId);
    const removed = await ctx.services.db('blocks').where({ blockerId: user.id, blockedId }).delete();
    if (!removed) throw notFound('This member is not blocked');
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
