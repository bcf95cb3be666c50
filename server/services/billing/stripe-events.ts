import type Stripe from 'stripe';
import type { BillingEvent, ScheduleState, SubscriptionState } from './events';
import type { InvoiceState } from './types';
import type { PaidTier, SubscriptionStatus } from './state';

/** The lookup key of each paid tier's monthly Price in Stripe (created from the configured prices when missing). */
export const PRICE_LOOKUP_KEYS: Record<PaidTier, string> = { premium: 'saathi_premium_monthly', elite: 'saathi_elite_monthly' };

const paidTier = (value: unknown): PaidTier | null => (value === 'premium' || value === 'elite' ? value : null);
const tierOfLookupKey = (key: string | null | undefined): PaidTier | null =>
  (Object.entries(PRICE_LOOKUP_KEYS).find(([, k]) => k === key)?.[0] as PaidTier | undefined) ?? null;
const idOf = (v: string | { id: string } | null | undefined): string | null => (v === null || v === undefined ? null : typeof v === 'string' ? v : v.id);

/** Stripe's statuses in ours: trialing counts as active, unpaid as past due, an expired first invoice as canceled. */
function statusOf(status: Stripe.Subscription.Status): SubscriptionStatus {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid') return 'past_due';
  if (status === 'canceled' || status === 'incomplete_expired') return 'canceled';
  return 'incomplete';
}

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', jcb: 'JCB', diners: 'Diners Club', unionpay: 'UnionPay' };

/** A payment method as Settings → Plan shows it: the card's brand and last four, nothing more. */
export function cardOf(pm: Stripe.PaymentMethod | null): { brand: string; last4: string } | null {
  if (!pm?.card) return null;
  return { brand: BRANDS[pm.card.brand] ?? 'Card', last4: pm.card.last4 };
}

/**
 * `paymentMethod`: the subscription's default payment method when the caller read it (webhooks carry only its
 * id); an expanded one on the subscription itself is read directly.
 */
export function subscriptionStateOf(sub: Stripe.Subscription, paymentMethod?: Stripe.PaymentMethod | null): SubscriptionState | null {
  const item = sub.items.data[0];
  const tier = tierOfLookupKey(item?.price.lookup_key) ?? paidTier(sub.metadata?.tier);
  if (!item || !tier) return null;
  const userId = Number(sub.metadata?.userId);
  return {
    id: sub.id,
    customerId: idOf(sub.customer),
    userId: Number.isInteger(userId) && userId > 0 ? userId : null,
    status: statusOf(sub.status),
    tier,
    currentPeriodStart: item.current_period_start * 1000,
    currentPeriodEnd: item.current_period_end * 1000,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    canceledAt: sub.canceled_at ? sub.canceled_at * 1000 : null,
    // No schedule attached: no plan switch is pending. With one, the schedule's own events say which.
    ...(sub.schedule ? {} : { pendingTier: null }),
    ...(sub.default_payment_method && typeof sub.default_payment_method === 'object'
      ? { card: cardOf(sub.default_payment_method) }
      : paymentMethod !== undefined
        ? { card: cardOf(paymentMethod) }
        : {}),
  };
}

/**
 * A subscription schedule as the plan switch it holds: the tier of the phase that starts when the current one
 * ends (from the phase's metadata, which Saathi sets, or its Price's lookup key). A schedule that is released,
 * canceled or completed holds none.
 */
export function scheduleStateOf(schedule: Stripe.SubscriptionSchedule, priceTiers: ReadonlyMap<string, PaidTier> = new Map()): ScheduleState | null {
  const subscriptionId = idOf(schedule.subscription) ?? schedule.released_subscription;
  if (!subscriptionId) return null;
  if (schedule.status !== 'active' && schedule.status !== 'not_started') return { subscriptionId, pendingTier: null };
  const currentEnd = schedule.current_phase?.end_date;
  const next = currentEnd === undefined ? schedule.phases[0] : schedule.phases.find((p) => p.start_date === currentEnd);
  const price = next?.items[0]?.price;
  // In webhooks a phase's Price is its id: the tiers' current Prices (by lookup key) name it.
  const tier =
    paidTier(next?.metadata?.tier) ??
    (typeof price === 'string' ? (priceTiers.get(price) ?? null) : price && 'lookup_key' in price ? tierOfLookupKey(price.lookup_key) : null);
  return { subscriptionId, pendingTier: tier };
}

export const SCHEDULE_EVENTS: ReadonlySet<string> = new Set(['subscription_schedule.created', 'subscription_schedule.updated', 'subscription_schedule.released', 'subscription_schedule.canceled', 'subscription_schedule.completed', 'subscription_schedule.aborted']);

/** An invoice as the billing handler reads it (null for an invoice of no subscription). */
export function invoiceStateOf(invoice: Stripe.Invoice): InvoiceState | null {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  if (!invoice.id || !subscriptionId) return null;
  // The subscription lines give the period paid for (the invoice's own period_start/end is the previous one).
  const lines = invoice.lines.data;
  const periodStart = lines.length ? Math.min(...lines.map((l) => l.period.start)) : invoice.period_start;
  const periodEnd = lines.length ? Math.max(...lines.map((l) => l.period.end)) : invoice.period_end;
  const reason: InvoiceState['reason'] =
    invoice.billing_reason === 'subscription_create' ? 'subscription_create' : invoice.billing_reason === 'subscription_cycle' ? 'subscription_cycle' : 'subscription_update';
  return {
    id: invoice.id,
    subscriptionId,
    paymentIntentId: null,
    tier: paidTier(details?.metadata?.tier),
    reason,
    amountCents: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    periodStart: periodStart * 1000,
    periodEnd: periodEnd * 1000,
    attemptCount: invoice.attempt_count,
  };
}

/** A verified Stripe event as a billing event, or null for events billing does not act on. */
export function billingEventOf(event: Stripe.Event, read: { priceTiers?: ReadonlyMap<string, PaidTier>; paymentMethod?: Stripe.PaymentMethod | null } = {}): BillingEvent | null {
  const base = { id: event.id, created: event.created * 1000, provider: 'stripe' as const };
  if (event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted' || event.type === 'customer.subscription.created') {
    const subscription = subscriptionStateOf(event.data.object, read.paymentMethod);
    if (!subscription) return null;
    const type = event.type === 'customer.subscription.deleted' ? 'customer.subscription.deleted' : 'customer.subscription.updated';
    return { ...base, type, subscription: type === 'customer.subscription.deleted' ? { ...subscription, status: 'canceled' } : subscription };
  }
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    const invoice = invoiceStateOf(event.data.object);
    return invoice ? { ...base, type: event.type, invoice } : null;
  }
  if (SCHEDULE_EVENTS.has(event.type)) {
    const schedule = scheduleStateOf(event.data.object as Stripe.SubscriptionSchedule, read.priceTiers);
    return schedule ? { ...base, type: 'subscription_schedule.updated', schedule } : null;
  }
  return null;
}
