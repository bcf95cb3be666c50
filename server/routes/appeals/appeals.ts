import { appealSchema } from '../../../contracts/appeals';
import { newRouter } from '../../context';
import { gone, notFound } from '../../errors';
import { parse, requestBody } from '../../middleware/validate';
import { AppealToken, type SingleUseToken } from '../../models/account';
import { Report, Suspension } from '../../models/social';
import { User } from '../../models/user';
import { isoOrNull } from '../../presenters/user';
import type { Db } from '../../db';
import { claimToken, lookUpToken } from '../../services/single-use-tokens';

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const ALREADY_SENT = 'This appeal was already sent. Our team will write to you by email.';

/** The appeal link's token: unknown is a 404, used or expired a 410 saying so. */
async function openToken(db: Db, secret: string | undefined): Promise<SingleUseToken> {
  if (!secret || !TOKEN.test(secret)) throw notFound('This appeal link is not valid');
  const found = await lookUpToken(AppealToken, db, secret);
  if (found.state === 'unknown') throw notFound('This appeal link is not valid');
  if (found.state === 'used') throw gone(ALREADY_SENT);
  if (found.state === 'expired') throw gone('This appeal link has expired. Write to us through the contact form.');
  return found.token;
}

/**
 * Appeals of a suspension. A suspended member cannot sign in, so the suspension email carries a single-use link;
 * the appeal reaches the console's appeals queue, tied to the suspension in force.
 */
export function appealRoutes() {
  const router = newRouter('/api/appeals');

  router.get('/:token', async (ctx) => {
    const token = await openToken(ctx.services.db, ctx.params.token);
    const user = await User.query(ctx.services.db).findById(token.userId).select('fullName', 'status');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { fullName: user?.fullName ?? null, suspended: user?.status === 'suspended' || user?.status === 'banned', banned: user?.status === 'banned', expiresAt: isoOrNull(token.expiresAt) };
  });

  router.post('/:token', async (ctx) => {
    const { message } = parse(appealSchema, requestBody(ctx));
    const token = await openToken(ctx.services.db, ctx.params.token);
    await ctx.services.db.transaction(async (trx) => {
      // Claimed first, so two quick submissions file one appeal.
      if (!(await claimToken(AppealToken, trx, token))) throw gone(ALREADY_SENT);
      const suspension = await Suspension.query(trx).where({ userId: token.userId }).whereNull('endedAt').orderBy('createdAt', 'desc').select('id').first();
      const report = await Report.query(trx).insert({
        reporterId: token.userId, reportedUserId: token.userId, reason: 'appeal', details: message, status: 'open', createdAt: Date.now(), suspensionId: suspension?.id ?? null,
      });
      await AppealToken.query(trx).findById(token.id).patch({ reportId: report.id });
    });
    ctx.status = 201;
    ctx.body = { message: 'Thank you. A reviewer will read your appeal and write to you by email.' };
  });

  return router;
}
