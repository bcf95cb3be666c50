import type { Knex } from 'knex';
import { listPageSchema } from '../../../../contracts/ops';
import type { AppRouter } from '../../../context';
import { notFound } from '../../../errors';
import { currentUser, requireAdmin } from '../../../middleware/auth';
import { idParam, parse } from '../../../middleware/validate';
import { isoOrNull } from '../../../presenters/user';
import { auditFrom } from '../../../services/audit';
import { redactSecretLinks } from '../../../services/mail';
import { paginate } from '../lib/pagination';

function byHandled(q: Knex.QueryBuilder, status: string | undefined) {
  if (status === 'open') q.whereNull('handledAt');
  if (status === 'handled') q.whereNotNull('handledAt');
  return q;
}

const newestFirst = (q: Knex.QueryBuilder) => q.orderBy('createdAt', 'desc').orderBy('id', 'desc');

/** The inbox: contact-form messages and the email outbox, each marked handled once dealt with. */
export function inboxRoutes(router: AppRouter) {
  router.get('/inbox/contact', async (ctx) => {
    const input = parse(listPageSchema, ctx.query);
    ctx.body = await paginate(byHandled(ctx.services.db('contact_messages'), input.status), input, newestFirst, (rows) =>
      rows.map((r) => ({ id: r.id, name: r.name, email: r.email, userId: r.userId ?? null, subject: r.subject, message: r.message, createdAt: isoOrNull(r.createdAt), handledAt: isoOrNull(r.handledAt) })),
    );
  });

  // The outbox holds what was emailed to members (without SMTP, their single-use links too): admins only, and
  // every read is in the audit log.
  router.get('/inbox/outbox', requireAdmin, async (ctx) => {
    const input = parse(listPageSchema, ctx.query);
    await auditFrom(ctx, 'inbox.outbox.read', 'email_outbox', null, { status: input.status ?? 'all', page: input.page ?? 1 });
    ctx.body = await paginate(byHandled(ctx.services.db('email_outbox'), input.status), input, newestFirst, (rows) =>
      rows.map((r) => ({ id: r.id, to: r.toEmail, subject: r.subject, body: r.bodyText, kind: r.kind, sentAt: isoOrNull(r.sentAt), error: r.error, attempts: Number(r.attempts ?? 0), nextAttemptAt: isoOrNull(r.nextAttemptAt), failedAt: isoOrNull(r.failedAt), createdAt: isoOrNull(r.createdAt), handledAt: isoOrNull(r.handledAt) })),
    );
  });

  for (const [kind, table] of [['contact', 'contact_messages'], ['outbox', 'email_outbox']] as const) {
    router.post(`/inbox/${kind}/:id/handled`, ...(kind === 'outbox' ? [requireAdmin] : []), async (ctx) => {
      const id = idParam(ctx.params.id);
      await ctx.services.db.transaction(async (trx) => {
        const updated = await trx(table).where({ id }).whereNull('handledAt').update({ handledAt: Date.now(), handledBy: currentUser(ctx).id });
        if (!updated) throw notFound('Message not found or already handled');
        if (kind === 'outbox') {
          // Handled means passed on: the single-use links in it need not stay readable.
          const mail = await trx('email_outbox').where({ id }).first('bodyText');
          await trx('email_outbox').where({ id }).update({ bodyText: redactSecretLinks(String(mail.bodyText)) });
        }
        await auditFrom(ctx, `inbox.${kind}.handled`, table, id, undefined, { db: trx });
      });
      ctx.body = { message: 'Marked as handled', id };
    });
  }
}
