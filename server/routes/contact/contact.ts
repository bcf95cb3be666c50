import { contactSchema } from '../../../contracts/discovery';
import { type AppServices, newRouter } from '../../context';
import { requestLanguage, translate } from '../../i18n';
import { rateLimit } from '../../middleware/rate-limit';
import { ContactMessage } from '../../models/engagement';
import { parse } from '../../middleware/validate';
import { sendMail } from '../../services/mail';

/** The help page's contact form: stored for the ops inbox, with a copy in the email outbox. */
export function contactRoutes(services: AppServices) {
  const router = newRouter('/api');
  router.post(
    '/contact',
    rateLimit('contact', () => services.config.rateLimits.contact),
    async (ctx) => {
      const input = parse(contactSchema, (ctx.request as unknown as { body?: unknown }).body);
      const now = Date.now();
      await ContactMessage.query(ctx.services.db).insert({ ...input, userId: ctx.state.user?.id ?? null, createdAt: now });
      await sendMail(ctx.services.config, ctx.services.db, {
        to: 'support@saathi.app',
        subject: `[Contact] ${input.subject}`,
        kind: 'contact_copy',
        text: `From: ${input.name} <${input.email}>\n\n${input.message}\n`,
      });
      ctx.status = 201;
      // The help page's own words for it, in the reader's language (a refusal is translated by the error handler).
      ctx.body = { message: translate(requestLanguage(ctx), 'help.contact.sentText') };
    },
  );
  return router;
}
