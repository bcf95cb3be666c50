import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import { listPageSchema } from '../../../../contracts/ops';
import type { AppRouter } from '../../../context';
import { notFound } from '../../../errors';
import { currentUser, requireAdmin } from '../../../middleware/auth';
import { idParam, parse } from '../../../middleware/validate';
import { ContactMessage } from '../../../models/engagement';
import { EmailOutbox } from '../../../models/ops';
import { isoOrNull } from '../../../presenters/user';
import { auditFrom } from '../../../services/audit';
import { redactSecretLinks } from '../../../services/mail';
import { paginate } from '../lib/pagination';

type InboxQuery = QueryBuilder<ContactMessage, ContactMessage[]> | QueryBuilder<EmailOutbox, EmailOutbox[]>;

function byHandled<Q extends InboxQuery>(q: Q, status: string | undefined): Q {
  if (status === 'open') q.whereNull('handledAt');
  if (status === 'handled') q.whereNotNull('handledAt');
  return q;
}

const newestFirst = <Q extends InboxQuery>(q: Q): Q => q.orderBy('createdAt', 'desc').orderBy('id', 'desc') as Q;

/** Marks a message handled unless it already was; how many rows changed (0 or 1). */
async function markHandled(kind: 'contact' | 'outbox', trx: Knex, id: number, handledBy: number): Promise<number> {
  const fields = { handledAt: Date.now(), handledBy };
  return await (kind === 'contact'
    ? ContactMessage.query(trx).where({ id }).whereNull('handledAt').patch(fields)
    : EmailOutbox.query(trx).where({ id }).whereNull('handledAt').patch(fields));
}

/** The inbox: contact-form messages and the email outbox, each marked handled once dealt with. */
export function inboxRoutes(router: AppRouter) {
  router.get('/inbox/contact', async (ctx) => {
    const input = parse(listPageSchema, ctx.query);
    ctx.body = await paginate(byHandled(ContactMessage.query(ctx.services.db), input.status), input, newestFirst, (rows) =>
      rows.map((r) => ({ id: r.id, name: r.name, email: r.email, userId: r.userId ?? null, subject: r.subject, message: r.message, createdAt: isoOrNull(r.createdAt), handledAt: isoOrNull(r.handledAt) })),
    );
  });

  // The outbox holds what was emailed to members (without SMTP, their single-use links too): admins only, and
  // every read is in the audit log.
  router.get('/inbox/outbox', requireAdmin, async (ctx) => {
    const input = parse(listPageSchema, ctx.query);
    await auditFrom(ctx, 'inbox.outbox.read', 'email_outbox', null, { status: input.status ?? 'all', page: input.page ?? 1 });
    ctx.body = await paginate(byHandled(EmailOutbox.query(ctx.services.db), input.status), input, newestFirst, (rows) =>
      rows.map((r) => ({ id: r.id, to: r.toEmail, subject: r.subject, body: r.bodyText, kind: r.kind, sentAt: isoOrNull(r.sentAt), error: r.error, attempts: r.attempts ?? 0, nextAttemptAt: isoOrNull(r.nextAttemptAt), failedAt: isoOrNull(r.failedAt), createdAt: isoOrNull(r.createdAt), handledAt: isoOrNull(r.handledAt) })),
    );
  });

  for (const [kind, model] of [['contact', ContactMessage], ['outbox', EmailOutbox]] as const) {
    router.post(`/inbox/${kind}/:id/handled`, ...(kind === 'outbox' ? [requireAdmin] : []), async (ctx) => {
      const id = idParam(ctx.params.id);
      await ctx.services.db.transaction(async (trx) => {
        const updated = await markHandled(kind, trx, id, currentUser(ctx).id);
        if (!updated) throw notFound('Message not found or already handled');
        if (kind === 'outbox') {
          // Handled means passed on: the single-use links in it need not stay readable.
          const mail = await EmailOutbox.query(trx).findById(id).select('bodyText');
          if (mail) await EmailOutbox.query(trx).findById(id).patch({ bodyText: redactSecretLinks(mail.bodyText) });
        }
        await auditFrom(ctx, `inbox.${kind}.handled`, model.tableName, id, undefined, { db: trx });
      });
      ctx.body = { message: 'Marked as handled', id };
    });
  }
}
