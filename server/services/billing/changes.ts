import crypto from 'node:crypto';
import type { SubscriptionTier } from '../../../contracts/enums';
import type { AppServices } from '../../context';
import { HttpError } from '../../errors';
import { catalogue, paymentProvider, stripeClient } from '../payments';
import { syncStripeSubscription } from './stripe-billing';
import { changeStripePlan, releaseStripeSchedule } from './stripe-changes';
import { billingNow } from './clock';
import { demoEvent, stateOf } from './demo';
import { applyBillingEvent } from './events';
import { Subscription } from '../../models/billing';
import { Payment } from '../../models/ops';
import type { User } from '../../models/user';
import { type PaidTier, type SubscriptionRow, liveSubscriptions, mainSubscription } from './state';
import { upgradeDeclined } from './tell';
import type { PlanChange } from './types';

type Services = Pick<AppServices, 'db' | 'live' | 'config'>;

const RANK: Record<SubscriptionTier, number> = { tryme: 0, premium: 1, elite: 2 };

const conflict = (message: string) => new HttpError(409, message, 'subscription_conflict');

/** The member's subscription that a change may act on: the main one that still bills. */
async function changeable(services: Services, userId: number): Promise<SubscriptionRow> {
  const sub = await mainSubscription(services.db, userId);
  if (!sub || sub.status === 'canceled' || sub.status === 'incomplete') throw conflict('You have no active subscription to change.');
  return sub;
}

/**
 * A member holds one plan: any other subscription that still bills (an extra from before one live subscription
 * was enforced) ends at its period end when the member chooses or cancels their plan.
 */
async function endExtras(services: Services, userId: number, main: SubscriptionRow): Promise<number> {
  let ended = 0;
  for (const extra of await liveSubscriptions(services.db, userId)) {
    if (extra.id === main.id || extra.cancelAtPeriodEnd) continue;
    await setCancelFlag(services, extra, true);
    ended += 1;
  }
  return ended;
}

/** What is left of the current period, as a fraction (the basis of proration). */
function remainingFraction(sub: SubscriptionRow, now: number): number {
  const total = sub.currentPeriodEnd - sub.currentPeriodStart;
  return total > 0 ? Math.min(1, Math.max(0, (sub.currentPeriodEnd - now) / total)) : 0;
}

/**
 * Upgrades take effect at once and charge the prorated difference for the rest of the period; downgrades
 * (and a move to Tryme) wait for the period end, keeping what was paid for. Choosing the current plan again
 * undoes a pending downgrade.
 */
export async function changePlan(services: Services, userId: number, tier: SubscriptionTier): Promise<PlanChange> {
  const sub = await changeable(services, userId);
  const change = await changeMain(services, sub, tier);
  await endExtras(services, userId, sub);
  return change;
}

async function changeMain(services: Services, sub: SubscriptionRow, tier: SubscriptionTier): Promise<PlanChange> {
  const { db } = services;
  if (sub.status === 'past_due') throw conflict('Your last payment failed. Update your card before changing plans.');
  if (tier === sub.tier) {
    // Keeping the current plan: a pending switch (or end) is undone.
    if (sub.pendingTier === null && !sub.cancelAtPeriodEnd) throw conflict(`You are already on this plan.`);
    if (sub.provider === 'stripe') await releaseStripeSchedule(services, sub.providerSubscriptionId);
    await Subscription.query(db).findById(sub.id).patch({ pendingTier: null, updatedAt: Date.now() });
    if (sub.cancelAtPeriodEnd) await setCancelFlag(services, sub, false);
    return { effective: 'now', charged: null };
  }
  if (sub.provider === 'stripe') return changeStripePlan(services, sub, tier);
  if (RANK[tier] < RANK[sub.tier]) {
    if (sub.pendingTier === tier && !sub.cancelAtPeriodEnd) throw conflict('Your plan already switches to this one at your next renewal.');
    await Subscription.query(db).findById(sub.id).patch({ pendingTier: tier, updatedAt: Date.now() });
    // Choosing the next period's plan means the subscription goes on.
    if (sub.cancelAtPeriodEnd) await setCancelFlag(services, sub, false);
    return { effective: 'period_end', charged: null };
  }
  const plans = await catalogue(db, services.config);
  const from = plans.find((p) => p.tier === sub.tier);
  const to = plans.find((p) => p.tier === tier);
  if (!from || !to) throw new HttpError(400, 'Unknown plan', 'bad_request');
  const now = await billingNow(db);
  const amountCents = Math.round((to.priceCents - from.priceCents) * remainingFraction(sub, now));
  // The saved card is charged now; a card that declines leaves the plan as it was (Stripe's error_if_incomplete).
  if (sub.cardFailsOnRenewal) throw upgradeDeclined(sub);
  await applyBillingEvent(services, demoEvent('customer.subscription.updated', now, stateOf(sub, { tier: tier as PaidTier, cancelAtPeriodEnd: false })));
  await Subscription.query(db).findById(sub.id).patch({ pendingTier: null });
  const invoiceId = `demo_in_${crypto.randomBytes(12).toString('hex')}`;
  await applyBillingEvent(services, demoEvent('invoice.paid', now, {
    id: invoiceId, subscriptionId: sub.providerSubscriptionId, paymentIntentId: null, tier: tier as PaidTier,
    reason: 'subscription_update', amountCents, currency: to.currency, hostedInvoiceUrl: null, periodStart: now, periodEnd: sub.currentPeriodEnd, attemptCount: 1,
  }));
  return { effective: 'now', charged: { amountCents, currency: to.currency, invoiceId } };
}

async function setCancelFlag(services: Services, sub: SubscriptionRow, cancelAtPeriodEnd: boolean): Promise<void> {
  if (sub.provider === 'stripe') {
    // A subscription held by a schedule refuses a direct cancellation change: cancelling drops a pending switch.
    if (cancelAtPeriodEnd) await releaseStripeSchedule(services, sub.providerSubscriptionId);
    const updated = await stripeClient(services.config).subscriptions.update(sub.providerSubscriptionId, { cancel_at_period_end: cancelAtPeriodEnd });
    await syncStripeSubscription(services, updated);
    return;
  }
  const now = await billingNow(services.db);
  await applyBillingEvent(services, demoEvent('customer.subscription.updated', Math.max(now, sub.lastEventAt), stateOf(sub, { cancelAtPeriodEnd })));
}

/** Cancel at the period end: the member keeps the plan they paid for until then, and can resume before it. */
export async function cancelAtPeriodEnd(services: Services, userId: number): Promise<SubscriptionRow> {
  const sub = await changeable(services, userId);
  // Every subscription that bills ends: the main one and any extra.
  const extras = await endExtras(services, userId, sub);
  if (sub.cancelAtPeriodEnd && extras === 0) throw conflict('Your subscription is already set to end at the end of this period.');
  if (!sub.cancelAtPeriodEnd) await setCancelFlag(services, sub, true);
  return (await mainSubscription(services.db, userId)) as SubscriptionRow;
}

export async function resume(services: Services, userId: number): Promise<SubscriptionRow> {
  const sub = await changeable(services, userId);
  if (!sub.cancelAtPeriodEnd && sub.pendingTier !== 'tryme') throw conflict('Your subscription is not set to end; there is nothing to resume.');
  await Subscription.query(services.db).findById(sub.id).patch({ pendingTier: sub.pendingTier === 'tryme' ? null : sub.pendingTier });
  if (sub.cancelAtPeriodEnd) await setCancelFlag(services, sub, false);
  return (await mainSubscription(services.db, userId)) as SubscriptionRow;
}

/** Payments still open with the provider: account deletion cancels them so no charge can complete afterwards. */
const OPEN_PAYMENT_STATUSES = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'];

/**
 * Account deletion ends the member's billing first: open payments are cancelled with the provider, Stripe
 * subscriptions are cancelled with Stripe, and the subscription ends at once (no renewal, no period left to run).
 * A provider that cannot be reached is logged and does not stop the deletion.
 */
export async function endBillingOnDeletion(services: Services & Pick<AppServices, 'log'>, user: Pick<User, 'id' | 'stripeSubscriptionId'>): Promise<void> {
  const provider = paymentProvider(services);
  const pending = await Payment.query(services.db).where({ userId: user.id, provider: provider.name }).whereIn('status', OPEN_PAYMENT_STATUSES);
  for (const p of pending) {
    try {
      await provider.cancelIntent(p.intentId);
      await Payment.query(services.db).findById(p.id).patch({ status: 'canceled', updatedAt: Date.now() });
    } catch (error) {
      services.log({ level: 'warn', msg: 'could not cancel payment on account deletion', intent: p.intentId, err: String(error) });
    }
  }
  if (services.config.stripe.secretKey) {
    const stripeSubs = (
      await Subscription.query(services.db).where({ userId: user.id, provider: 'stripe' }).whereNot('status', 'canceled').select('providerSubscriptionId')
    ).map((r) => r.providerSubscriptionId);
    for (const id of new Set([...stripeSubs, ...(user.stripeSubscriptionId ? [user.stripeSubscriptionId] : [])])) {
      await stripeClient(services.config).subscriptions.cancel(id).catch((error: unknown) => {
        services.log({ level: 'warn', msg: 'could not cancel Stripe subscription', err: String(error) });
      });
    }
  }
  await cancelDemoSubscriptionsNow(services, user.id);
}

/** Every demo subscription ends at once (Stripe ones are cancelled with Stripe) and the card is forgotten. */
async function cancelDemoSubscriptionsNow(services: Services, userId: number): Promise<void> {
  const subs = await Subscription.query(services.db).where({ userId, provider: 'demo' }).whereNot('status', 'canceled');
  const now = await billingNow(services.db);
  for (const sub of subs) {
    await applyBillingEvent(services, demoEvent('customer.subscription.deleted', Math.max(now, sub.lastEventAt), stateOf(sub, { status: 'canceled', canceledAt: now })));
  }
  // Invoices stay as accounting records; the card they were paid with is the member's and goes with the account.
  await Subscription.query(services.db).where({ userId }).patch({ cardBrand: null, cardLast4: null });
}
