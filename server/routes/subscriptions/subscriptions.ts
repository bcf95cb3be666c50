import { completeSchema, demoCardSchema, subscribeSchema } from '../../../contracts/subscriptions';
import { newRouter } from '../../context';
import { HttpError, badRequest, notFound } from '../../errors';
import { assertSelf, currentUser, requireUser } from '../../middleware/auth';
import { idParam, parse, requestBody } from '../../middleware/validate';
import { Subscription } from '../../models/billing';
import { Payment } from '../../models/ops';
import { User } from '../../models/user';
import { notify, worded } from '../../services/notifications';
import { applySucceededPayment, catalogue, paymentProvider, providerName, stripeClient } from '../../services/payments';
import { sha256 } from '../../services/passwords';
import { changePlan } from '../../services/billing/changes';
import { alreadySubscribed, openCheckout } from '../../services/billing/checkout';
import { saveDemoCard } from '../../services/billing/demo';
import { isLive, mainSubscription } from '../../services/billing/state';
import { applyBillingEvent, claimStripeEvent } from '../../services/billing/events';
import { billingEventOf } from '../../services/billing/stripe-events';
import { completeStripeSubscription, readForEvent } from '../../services/billing/stripe-billing';
import { completeDemo, tierOf } from './complete-demo';
import { localizedPlanText, requestLanguage } from '../../i18n';


export function subscriptionRoutes() {
  const router = newRouter('/api');

  router.get('/subscriptions', async (ctx) => {
    const language = requestLanguage(ctx);
    const plans = (await catalogue(ctx.services.db, ctx.services.config)).map((plan) => ({
      ...plan,
      description: localizedPlanText(plan.description, language),
      features: plan.features.map((feature) => localizedPlanText(feature, language)),
    }));
    const features = Object.fromEntries(plans.map((p) => [p.tier, { name: p.name, description: p.description, price: p.price, priceCents: p.priceCents, currency: p.currency, messageLimit: p.messageLimit, features: p.features }]));
    ctx.body = {
      tiers: { TRYME: 'tryme', PREMIUM: 'premium', ELITE: 'elite' },
      features,
      plans,
      provider: providerName(ctx.services.config),
      publishableKey: ctx.services.config.stripe.publishableKey,
    };
  });

  // Subscription setup: the amount always comes from the catalogue, never from the client. A member has at most
  // one open subscription: a second request hands back the open checkout (billing/checkout.ts).
  router.post('/subscriptions/:userId', requireUser, async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const { tier } = parse(subscribeSchema, requestBody(ctx));
    const now = Date.now();
    if (await mainSubscription(ctx.services.db, user.id).then(isLive)) {
      // A member who already subscribes changes plan (upgrade now, downgrade or Tryme at the period end).
      if (tier === 'tryme') {
        await changePlan(ctx.services, user.id, 'tryme');
        ctx.body = { tier, price: '0.00', clientSecret: null, completed: true, effective: 'period_end' };
        return;
      }
      throw alreadySubscribed();
    }
    if (tier === 'tryme') {
      // Moving down to tryme never charges.
      await User.query(ctx.services.db).findById(user.id).patch({ subscriptionTier: 'tryme', subscriptionEnds: null, updatedAt: now });
      ctx.body = { tier, price: '0.00', clientSecret: null, completed: true };
      return;
    }
    const plan = (await catalogue(ctx.services.db, ctx.services.config)).find((p) => p.tier === tier);
    if (!plan) throw badRequest('Unknown plan');
    const provider = paymentProvider(ctx.services);
    const checkout = await openCheckout(ctx.services, provider.name, user, { ...plan, tier });
    ctx.status = checkout.reused ? 200 : 201;
    ctx.body = {
      clientSecret: checkout.clientSecret, price: plan.price, currency: plan.currency, tier, paymentIntentId: checkout.paymentIntentId, subscriptionId: checkout.subscriptionId,
      provider: checkout.provider, isDemo: checkout.provider === 'demo', reused: checkout.reused,
    };
  });

  router.post('/subscriptions/:userId/complete', requireUser, async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const input = parse(completeSchema, requestBody(ctx));
    if (input.tier === 'tryme') throw badRequest('Tryme needs no payment');
    // A Stripe subscription's first payment: the subscription's state at Stripe decides.
    const own = await Payment.query(ctx.services.db).findOne({ intentId: input.paymentIntentId, provider: 'stripe' });
    if (own && own.userId !== user.id) throw new HttpError(403, 'This payment belongs to another account', 'forbidden');
    if (own && (await Subscription.query(ctx.services.db).findOne({ userId: user.id, provider: 'stripe' }).select('id'))) {
      const result = await completeStripeSubscription(ctx.services, user.id, input.tier);
      ctx.body = { message: result.applied ? 'Your subscription has been successfully updated' : 'This payment was already applied', applied: result.applied, ...(await tierOf(ctx.services.db, user.id)) };
      return;
    }
    const intent = await paymentProvider(ctx.services).retrieveIntent(input.paymentIntentId);
    if (!intent) throw notFound('Payment not found');
    const result = intent.id.startsWith('demo_pi_')
      ? await completeDemo(ctx.services, intent, { userId: user.id, tier: input.tier })
      : await applySucceededPayment(ctx.services, intent, { userId: user.id, tier: input.tier });
    ctx.body = {
      message: result.applied ? 'Your subscription has been successfully updated' : 'This payment was already applied',
      applied: result.applied,
      ...(await tierOf(ctx.services.db, user.id)),
    };
  });

  // Demo provider only: the local card form confirms the intent (valid test card; no money moves).
  router.post('/payments/demo/:intentId/confirm', requireUser, async (ctx) => {
    // Exists only on a demo instance without Stripe: elsewhere it answers like any unknown API route.
    if (providerName(ctx.services.config) !== 'demo') throw notFound('API route not found');
    const user = currentUser(ctx);
    const payment = await Payment.query(ctx.services.db).findOne({ intentId: ctx.params.intentId ?? '', provider: 'demo' });
    if (!payment || payment.userId !== user.id) throw notFound('Payment not found');
    const input = parse(demoCardSchema, requestBody(ctx));
    if (payment.clientSecretHash !== sha256(input.clientSecret)) throw notFound('Payment not found');
    if (payment.status === 'succeeded') {
      ctx.body = { status: 'succeeded', paymentIntentId: payment.intentId };
      return;
    }
    // A checkout the member replaced with another plan (or ended with the account) takes no card.
    if (payment.status === 'canceled') throw new HttpError(409, 'This checkout has ended. Choose your plan again to pay.', 'payment_canceled');
    // A published test number that always declines, so the failure path can be shown without a real card.
    const declined = input.cardNumber.replace(/\D/g, '') === '4000000000000002';
    const status = declined ? 'requires_payment_method' : 'succeeded';
    await Payment.query(ctx.services.db).findById(payment.id).patch({ status, updatedAt: Date.now() });
    if (declined) throw new HttpError(402, 'Your card was declined.', 'card_declined');
    await saveDemoCard(ctx.services, payment.intentId, input.cardNumber);
    ctx.body = { status, paymentIntentId: payment.intentId };
  });

  // Stripe webhooks: signature checked on the raw body; each event applied once (by event id).
  router.post('/stripe/webhook', async (ctx) => {
    const secret = ctx.services.config.stripe.webhookSecret;
    if (!secret || !ctx.services.config.stripe.secretKey) throw notFound('Webhooks are not configured');
    const raw = (ctx.request as unknown as { rawBody?: string }).rawBody;
    const signature = ctx.get('Stripe-Signature');
    let event: ReturnType<ReturnType<typeof stripeClient>['webhooks']['constructEvent']>;
    try {
      event = stripeClient(ctx.services.config).webhooks.constructEvent(raw ?? '', signature, secret);
    } catch {
      throw badRequest('Invalid webhook signature');
    }
    // Subscription and invoice events: the billing handler applies each once and ignores late, older states.
    // What the event names only by id: a schedule phase's Price, the subscription's card.
    const billingEvent = billingEventOf(event, await readForEvent(ctx.services.config, event));
    if (billingEvent) {
      const applied = await applyBillingEvent(ctx.services, billingEvent);
      ctx.body = { received: true, applied };
      return;
    }
    if (!(await claimStripeEvent(ctx.services.db, event))) {
      ctx.body = { received: true, duplicate: true };
      return;
    }
    if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
      const pi = event.data.object as { id: string; status: string; amount: number; currency: string; metadata?: Record<string, string> };
      const userId = Number(pi.metadata?.userId);
      const tier = pi.metadata?.tier;
      if (event.type === 'payment_intent.succeeded' && Number.isInteger(userId) && (tier === 'premium' || tier === 'elite')) {
        const intent = { id: pi.id, clientSecret: null, status: 'succeeded', amountCents: pi.amount, currency: pi.currency, userId, tier };
        try {
          await applySucceededPayment(ctx.services, intent, { userId, tier });
        } catch (error) {
          ctx.services.log({ level: 'warn', msg: 'webhook payment not applied', intent: pi.id, err: String((error as Error).message) });
        }
      } else if (event.type === 'payment_intent.payment_failed') {
        await Payment.query(ctx.services.db).where({ intentId: pi.id }).whereNull('completedAt').patch({ status: 'failed', updatedAt: Date.now() });
        if (Number.isInteger(userId)) {
          await notify(ctx.services, { userId, type: 'subscription', ...worded({ id: 'server.notification.paymentFailedTitle' }, { id: 'server.notification.paymentFailedText' }), sourceType: 'payment' });
        }
      }
    }
    ctx.body = { received: true };
  });

  return router;
}
