import { appealSchema } from '../../../contracts/appeals';
import { type AppContext, newRouter } from '../../context';
import { gone, notFound } from '../../errors';
import { parse, requestBody } from '../../middleware/validate';
import { isoOrNull } from '../../presenters/user';
import { sha256 } from '../../services/passwords';

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The appeal link's token: unknown is a 404, used or expired a 410 saying so. */
async function openToken(ctx: AppContext, token: string | undefined) {
  if (!token || !TOKEN.test(token)) throw notFound('This appeal link is not valid');
  const row = await ctx.services.db('appeal_tokens').where({ tokenHash: sha256(token) }).first();
  if (!row) throw notFound('This appeal link is not valid');
  if (row.usedAt !== null) throw gone('This appeal was already sent. Our team will write to you by email.');
  if (Number(row.expiresAt) <= Date.now()) throw gone('This appeal link has expired. Write to us through the contact form.');
  return row as { id: number; userId: number; expiresAt: number };
}

/**
 * Appeals of a suspension. A suspended member cannot sign in, so the suspension email carries a single-use link;
 * the appeal reaches the reports queue as a report about the member, filed by the member.
 */
export function appealRoutes() {
  const router = newRouter('/api/appeals');

  router.get('/:token', async (ctx) => {
    const row = await openToken(ctx, ctx.params.token);
    const user = await ctx.services.db('users').where({ id: row.userId }).first('fullName', 'status');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { fullName: user?.fullName ?? null, suspended: user?.status === 'suspended', expiresAt: isoOrNull(row.expiresAt) };
  });

  router.post('/:token', async (ctx) => {
    const { message } = parse(appealSchema, requestBody(ctx));
    const row = await openToken(ctx, ctx.params.token);
    await ctx.services.db.transaction(async (trx) => {
      // Claimed first, so two quick submissions file one appeal.
      const claimed = await trx('appeal_tokens').where({ id: row.id }).whereNull('usedAt').update({ usedAt: Date.now() });
      if (claimed !== 1) throw gone('This appeal was already sent. Our team will write to you by email.');
      const [report] = await trx('reports')
        .insert({ reporterId: row.userId, reportedUserId: row.userId, reason: 'appeal', details: message, status: 'open', createdAt: Date.now() })
        .returning('id');
      await trx('appeal_tokens').where({ id: row.id }).update({ reportId: typeof report === 'object' ? (report as { id: number }).id : report });
    });
    ctx.status = 201;
    ctx.body = { message: 'Thank you. A reviewer will read your appeal and write to you by email.' };
  });

  return router;
}
