import { subscribeSchema } from '../../../contracts/subscriptions';
import { newRouter } from '../../context';
import { notFound } from '../../errors';
import { assertSelf, requireUser } from '../../middleware/auth';
import { idParam, parse, requestBody } from '../../middleware/validate';
import { cancelAtPeriodEnd, changePlan, resume } from '../../services/billing/changes';
import { demoReceiptHtml, presentBilling } from '../../services/billing/present';

/** Settings → Subscription: the member's own subscription, invoices and the changes they may make. */
export function billingRoutes() {
  const router = newRouter('/api');

  router.get('/subscriptions/:userId/current', requireUser, async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    ctx.body = await presentBilling(ctx.services, user.id);
  });

  router.post('/subscriptions/:userId/change', requireUser, async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const { tier } = parse(subscribeSchema, requestBody(ctx));
    const change = await changePlan(ctx.services, user.id, tier);
    ctx.body = { ...change, ...(await presentBilling(ctx.services, user.id)) };
  });

  router.post('/subscriptions/:userId/cancel', requireUser, async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    await cancelAtPeriodEnd(ctx.services, user.id);
    ctx.body = await presentBilling(ctx.services, user.id);
  });

  router.post('/subscriptions/:userId/resume', requireUser, async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    await resume(ctx.services, user.id);
    ctx.body = await presentBilling(ctx.services, user.id);
  });

  // The demo provider's receipt (Stripe invoices link to Stripe's hosted invoice page instead).
  router.get('/subscriptions/:userId/invoices/:invoiceId/receipt', requireUser, async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const invoice = await ctx.services.db('invoices').where({ userId: user.id, providerInvoiceId: ctx.params.invoiceId ?? '', provider: 'demo', status: 'paid' }).first();
    if (!invoice) throw notFound('Receipt not found');
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = demoReceiptHtml(invoice, user.fullName);
  });

  return router;
}
