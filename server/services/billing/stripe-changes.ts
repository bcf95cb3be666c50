import type Stripe from 'stripe';
import type { SubscriptionTier } from '../../../contracts/enums';
import type { AppServices } from '../../context';
import { HttpError } from '../../errors';
import { catalogue, stripeClient } from '../payments';
import type { PlanChange } from './types';
import { applyScheduleSnapshot } from './events';
import type { PaidTier, SubscriptionRow } from './state';
import { scheduleStateOf } from './stripe-events';
import { priceFor, syncStripeSubscription } from './stripe-billing';
import { upgradeDeclined } from './tell';

type Services = Pick<AppServices, 'db' | 'live' | 'config'>;
const RANK: Record<SubscriptionTier, number> = { tryme: 0, premium: 1, elite: 2 };

const idOf = (v: string | { id: string } | null | undefined) => (v === null || v === undefined ? null : typeof v === 'string' ? v : v.id);
/** Whole seconds, like Stripe's own times, so a webhook from the same second is not taken as older. */
const stripeNow = () => Math.floor(Date.now() / 1000) * 1000;

async function paidPlan(services: Services, tier: SubscriptionTier) {
  const plan = (await catalogue(services.db, services.config)).find((p) => p.tier === tier);
  if (!plan || tier === 'tryme') throw new HttpError(400, 'Unknown plan', 'bad_request');
  return { ...plan, tier: tier as PaidTier };
}

/**
 * Drops a pending plan switch: the subscription's schedule is released, so it goes on at its current price
 * (Stripe keeps the subscription; only the schedule ends). Returns the subscription as it is now.
 */
export async function releaseStripeSchedule(services: Services, subscriptionId: string): Promise<Stripe.Subscription> {
  const stripe = stripeClient(services.config);
  const current = await stripe.subscriptions.retrieve(subscriptionId);
  const scheduleId = idOf(current.schedule);
  if (!scheduleId) return current;
  const released = await stripe.subscriptionSchedules.release(scheduleId);
  const state = scheduleStateOf(released);
  if (state) await applyScheduleSnapshot(services, state, stripeNow());
  return stripe.subscriptions.retrieve(subscriptionId);
}

/**
 * Another plan from the next period (a cheaper one, as the member chooses it): a Subscription Schedule made
 * from the subscription, with the current phase left as it is (to the period end, at the current price) and a
 * second phase at the other Price; when that phase ends the schedule releases the subscription, which then
 * renews at that Price. Nothing is prorated or charged now. A pending switch is replaced; a cancellation at
 * period end is undone (choosing the next period's plan means the subscription goes on).
 */
async function scheduleSwitch(services: Services, sub: SubscriptionRow, tier: PaidTier): Promise<PlanChange> {
  const stripe = stripeClient(services.config);
  let current = await releaseStripeSchedule(services, sub.providerSubscriptionId);
  if (current.cancel_at_period_end) current = await stripe.subscriptions.update(sub.providerSubscriptionId, { cancel_at_period_end: false });
  const lower = await priceFor(stripe, await paidPlan(services, tier));
  const schedule = await stripe.subscriptionSchedules.create({ from_subscription: sub.providerSubscriptionId });
  const phase = schedule.phases[0];
  const currentPrice = idOf(phase?.items[0]?.price);
  try {
    if (!phase || !currentPrice) throw new Error(`schedule ${schedule.id} came back without its current phase`);
    const updated = await stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      proration_behavior: 'none',
      phases: [
        { items: [{ price: currentPrice, quantity: 1 }], start_date: phase.start_date, end_date: phase.end_date, metadata: { tier: sub.tier } },
        { items: [{ price: lower, quantity: 1 }], duration: { interval: 'month', interval_count: 1 }, metadata: { tier }, proration_behavior: 'none' },
      ],
    });
    const state = scheduleStateOf(updated);
    if (state) await applyScheduleSnapshot(services, state, stripeNow());
  } catch (error) {
    // The schedule could not hold the switch: release it, so the subscription goes on unscheduled as it was.
    await stripe.subscriptionSchedules.release(schedule.id).catch(() => undefined);
    throw error;
  }
  await syncStripeSubscription(services, await stripe.subscriptions.retrieve(sub.providerSubscriptionId));
  return { effective: 'period_end', charged: null };
}

/**
 * Plan changes with Stripe. An upgrade swaps the Price now and invoices the prorated difference at once
 * (refused, and nothing changed, if the card declines); a cheaper plan waits for the period end (a
 * subscription schedule); Tryme is a cancellation at the period end.
 */
export async function changeStripePlan(services: Services, sub: SubscriptionRow, tier: SubscriptionTier): Promise<PlanChange> {
  const stripe = stripeClient(services.config);
  if (tier === 'tryme') {
    await releaseStripeSchedule(services, sub.providerSubscriptionId);
    await syncStripeSubscription(services, await stripe.subscriptions.update(sub.providerSubscriptionId, { cancel_at_period_end: true }));
    return { effective: 'period_end', charged: null };
  }
  if (RANK[tier] < RANK[sub.tier]) {
    if (sub.pendingTier === tier && !sub.cancelAtPeriodEnd) throw new HttpError(409, `Your plan already switches to this one at your next renewal.`, 'subscription_conflict');
    return scheduleSwitch(services, sub, tier as PaidTier);
  }
  const plan = await paidPlan(services, tier);
  const current = await releaseStripeSchedule(services, sub.providerSubscriptionId);
  const item = current.items.data[0];
  if (!item) throw new HttpError(409, 'This subscription has no plan to change.', 'subscription_conflict');
  let updated: Stripe.Subscription;
  try {
    updated = await stripe.subscriptions.update(sub.providerSubscriptionId, {
      items: [{ id: item.id, price: await priceFor(stripe, plan) }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
      cancel_at_period_end: false,
      metadata: { tier },
      // The proration invoice: what the member is charged now.
      expand: ['latest_invoice'],
    });
  } catch (error) {
    // With error_if_incomplete Stripe applies nothing when the charge fails: the subscription is as it was,
    // except for the schedule released above, so a switch it held for the renewal is scheduled again.
    if ((error as { type?: string }).type === 'StripeCardError') {
      if (sub.pendingTier && sub.pendingTier !== 'tryme') await scheduleSwitch(services, sub, sub.pendingTier);
      throw upgradeDeclined(sub);
    }
    throw error;
  }
  await syncStripeSubscription(services, updated);
  const invoice = updated.latest_invoice as Stripe.Invoice | null;
  const charged = invoice?.id && invoice.billing_reason === 'subscription_update' ? { amountCents: invoice.amount_paid, currency: invoice.currency, invoiceId: invoice.id } : null;
  return { effective: 'now', charged };
}
