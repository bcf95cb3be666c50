import { newCardSchema, subscribeSchema } from '../../../contracts/subscriptions';
import { newRouter } from '../../context';
import { HttpError, notFound } from '../../errors';
import { requestLanguage } from '../../i18n';
import { assertSelf, requireUser } from '../../middleware/auth';
import { idParam, parse, requestBody } from '../../middleware/validate';
import { Invoice } from '../../models/billing';
import { cancelAtPeriodEnd, changePlan, resume } from '../../services/billing/changes';
import { payPastDueWithCard } from '../../services/billing/demo';
import { demoReceiptHtml, presentBilling } from '../../services/billing/present';
import { liveSubscriptions } from '../../services/billing/state';
import { openInvoicePayment } from '../../services/billing/stripe-billing';

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
    const { effective, charged } = await changePlan(ctx.services, user.id, tier);
    ctx.body = {
      effective,
      // What the member was charged now: an upgrade's prorated invoice (nothing for a change at the period end).
      amountCents: charged?.amountCents ?? 0,
      charged: charged && { amount: (charged.amountCents / 100).toFixed(2), currency: charged.currency, invoiceId: charged.invoiceId },
      ...(await presentBilling(ctx.services, user.id)),
    };
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

  // A renewal that failed, paid with another card. The demo provider takes the card here and charges the open
  // invoice at once; with Stripe this answers the open invoice's client secret, which the browser confirms with
  // the Payment Element (card details never reach Saathi), and the webhooks restore the plan.
  router.post('/subscriptions/:userId/pay', requireUser, async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const sub = (await liveSubscriptions(ctx.services.db, user.id)).find((s) => s.status === 'past_due');
    if (sub?.status !== 'past_due') throw new HttpError(409, 'Nothing is due: your subscription has no failed payment.', 'subscription_conflict');
    if (sub.provider === 'stripe') {
      ctx.body = await openInvoicePayment(ctx.services, sub.providerSubscriptionId);
      return;
    }
    const { cardNumber } = parse(newCardSchema, requestBody(ctx));
    await payPastDueWithCard(ctx.services, sub, cardNumber);
    ctx.body = await presentBilling(ctx.services, user.id);
  });

  // The demo provider's receipt (Stripe invoices link to Stripe's hosted invoice page instead).
  router.get('/subscriptions/:userId/invoices/:invoiceId/receipt', requireUser, async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const invoice = await Invoice.query(ctx.services.db).findOne({ userId: user.id, providerInvoiceId: ctx.params.invoiceId ?? '', provider: 'demo', status: 'paid' });
    if (!invoice) throw notFound('Receipt not found');
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = demoReceiptHtml(invoice, user.fullName, requestLanguage(ctx));
  });

  return router;
}
