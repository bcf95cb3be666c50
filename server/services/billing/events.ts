import type { Knex } from 'knex';
import type { AppServices } from '../../context';
import { HttpError, uniqueViolation } from '../../errors';
import { type BillingPolicy, type PaidTier, type SubscriptionStatus, graceMs, syncUserTier } from './state';
import { Invoice, Subscription } from '../../models/billing';
import { type Notice, endedNotice, failedNotice, paidNotice, tellMembers } from './tell';
import type { InvoiceState } from './types';

/**
 * A billing event in the shape both providers produce: Stripe webhooks are turned into this after their
 * signature is checked, the demo provider emits it directly. Times are milliseconds.
 */
export interface SubscriptionState {
  id: string;
  customerId: string | null;
  userId: number | null;
  status: SubscriptionStatus;
  tier: PaidTier;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  /** A plan switch waiting for the period end; undefined when the provider's state does not say. */
  pendingTier?: PaidTier | null;
  /** The card renewals are charged to (brand and last four only); undefined when the provider's state does not say. */
  card?: { brand: string; last4: string } | null;
}

/** A scheduled plan switch at the period end (a Stripe subscription schedule): the tier, or none. */
export interface ScheduleState {
  subscriptionId: string;
  pendingTier: PaidTier | null;
}

export type BillingEvent =
  | { id: string; created: number; provider: 'stripe' | 'demo'; type: 'customer.subscription.updated' | 'customer.subscription.deleted'; subscription: SubscriptionState }
  | { id: string; created: number; provider: 'stripe' | 'demo'; type: 'invoice.paid' | 'invoice.payment_failed'; invoice: InvoiceState }
  | { id: string; created: number; provider: 'stripe'; type: 'subscription_schedule.updated'; schedule: ScheduleState };

type Services = Pick<AppServices, 'db' | 'live' | 'config'>;
type Trx = Knex.Transaction;

/** What one transaction changed: notices to send and members whose subscription moved, once it commits. */
type Outcome = { notices: Notice[]; changed: Set<number> };

/**
 * Records a Stripe event as processed; false when it already was. One insert-or-ignore (raw: the returned rows
 * tell a replay apart without a read-then-write race between two deliveries of the same event).
 */
export async function claimStripeEvent(db: Knex, event: { id: string; type: string }, now = Date.now()): Promise<boolean> {
  const fresh = await db('stripe_events').insert({ id: event.id, type: event.type, processedAt: now }).onConflict('id').ignore().returning('id');
  return !(Array.isArray(fresh) && fresh.length === 0);
}

/**
 * Applies a billing event once (by event id) and returns whether it changed anything. Late events are
 * handled: a subscription state older than the newest one applied is ignored, a canceled subscription stays
 * canceled, and a payment failure for an invoice already paid changes nothing.
 */
export async function applyBillingEvent(services: Services, event: BillingEvent, now = Date.now()): Promise<boolean> {
  const out: Outcome = { notices: [], changed: new Set() };
  const applied = await services.db.transaction(async (trx) => {
    if (!(await claimStripeEvent(trx, event, now))) return false;
    if ('subscription' in event) return applySubscriptionState(trx, event.provider, event.subscription, event.created, now, services.config, out);
    if ('schedule' in event) return applyScheduleState(trx, event.schedule, event.created, now, out);
    return applyInvoice(trx, event, now, out, services.config);
  });
  await tellMembers(services, out.notices, out.changed);
  return applied;
}

/**
 * A subscription's current state read from the provider's API (after checkout or a plan change): not an event,
 * so nothing to record as applied once; an older state than the one held is still ignored.
 */
export async function applySubscriptionSnapshot(services: Services, provider: 'stripe' | 'demo', state: SubscriptionState, created: number, now = Date.now()): Promise<boolean> {
  const out: Outcome = { notices: [], changed: new Set() };
  const applied = await services.db.transaction((trx) => applySubscriptionState(trx, provider, state, created, now, services.config, out));
  await tellMembers(services, out.notices, out.changed);
  return applied;
}

/**
 * A paid invoice read from the provider's API (the first invoice, at checkout completion), applied as its
 * invoice.paid event would be; not an event, so not recorded as applied. The event arriving later finds the invoice
 * paid and changes nothing (one receipt).
 */
export async function applyPaidInvoiceSnapshot(services: Services, provider: 'stripe' | 'demo', invoice: InvoiceState, created: number, now = Date.now()): Promise<boolean> {
  const out: Outcome = { notices: [], changed: new Set() };
  const event = { id: `snapshot_${invoice.id}`, created, provider, type: 'invoice.paid' as const, invoice };
  const applied = await services.db.transaction((trx) => applyInvoice(trx, event, now, out, services.config));
  await tellMembers(services, out.notices, out.changed);
  return applied;
}

/** A schedule read from the provider's API right after Saathi changed it (not an event: not recorded as applied). */
export async function applyScheduleSnapshot(services: Services, state: ScheduleState, created: number, now = Date.now()): Promise<boolean> {
  const out: Outcome = { notices: [], changed: new Set() };
  const applied = await services.db.transaction((trx) => applyScheduleState(trx, state, created, now, out));
  await tellMembers(services, out.notices, out.changed);
  return applied;
}

async function applyScheduleState(trx: Trx, s: ScheduleState, created: number, now: number, out: Outcome): Promise<boolean> {
  const row = await Subscription.query(trx).where({ providerSubscriptionId: s.subscriptionId }).first();
  if (!row || row.userId === null || row.status === 'canceled' || created < row.lastEventAt) return false;
  await Subscription.query(trx)
    .findById(row.id)
    .patch({ pendingTier: s.pendingTier === row.tier ? null : s.pendingTier, lastEventAt: Math.max(row.lastEventAt, created), updatedAt: now });
  out.changed.add(row.userId);
  return true;
}

async function applySubscriptionState(trx: Trx, provider: 'stripe' | 'demo', s: SubscriptionState, created: number, now: number, policy: BillingPolicy, out: Outcome): Promise<boolean> {
  const row = await Subscription.query(trx).where({ providerSubscriptionId: s.id }).first();
  if (row && (created < row.lastEventAt || row.status === 'canceled')) return false;
  const userId = row?.userId ?? s.userId;
  if (userId === null) return false;
  const fields = {
    tier: s.tier,
    status: s.status,
    currentPeriodStart: s.currentPeriodStart,
    currentPeriodEnd: s.currentPeriodEnd,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    canceledAt: s.canceledAt,
    lastEventAt: created,
    updatedAt: now,
    // The grace period starts with the first failed renewal and ends when a payment succeeds.
    graceUntil: s.status === 'past_due' ? (row?.graceUntil ?? s.currentPeriodStart + graceMs(policy)) : null,
    ...(s.pendingTier !== undefined ? { pendingTier: s.pendingTier } : {}),
    ...(s.card !== undefined ? { cardBrand: s.card?.brand ?? null, cardLast4: s.card?.last4 ?? null } : {}),
    ...(s.status === 'canceled' || s.tier === row?.pendingTier ? { pendingTier: null } : {}),
  };
  if (row) await Subscription.query(trx).findById(row.id).patch(fields);
  else {
    try {
      await Subscription.query(trx).insert({ ...fields, userId, provider, providerSubscriptionId: s.id, providerCustomerId: s.customerId, createdAt: now });
    } catch (error) {
      // The member holds another open subscription (subscriptions_one_live): usually the checkout row this one's
      // creation is about to be written to. Refused, rolled back, and delivered again later by the provider.
      if (uniqueViolation(error)) throw new HttpError(409, 'This member already has an open subscription; deliver this event again later.', 'subscription_conflict');
      throw error;
    }
  }
  await syncUserTier(trx, userId, now, policy);
  out.changed.add(userId);
  // The end of a subscription that was paying (not of one whose first payment never came).
  if (row && s.status === 'canceled' && (row.status === 'active' || row.status === 'past_due')) out.notices.push(endedNotice(userId, row, s.canceledAt ?? created));
  return true;
}

async function applyInvoice(trx: Trx, event: Extract<BillingEvent, { invoice: InvoiceState }>, now: number, out: Outcome, policy: BillingPolicy): Promise<boolean> {
  const inv = event.invoice;
  const sub = await Subscription.query(trx).where({ providerSubscriptionId: inv.subscriptionId }).first();
  // An invoice can arrive before its subscription's first event: refused (and rolled back, event id included)
  // so the provider delivers it again later instead of it being lost.
  if (!sub) throw new HttpError(409, 'This invoice belongs to a subscription not known yet; deliver it again later.', 'subscription_unknown');
  const tier = inv.tier ?? sub.tier;
  const existing = await Invoice.query(trx).where({ providerInvoiceId: inv.id }).first();
  if (existing?.status === 'paid') return false;
  const paid = event.type === 'invoice.paid';
  const fields = {
    status: paid ? 'paid' : 'open',
    paidAt: paid ? event.created : null,
    attemptCount: inv.attemptCount,
    hostedInvoiceUrl: inv.hostedInvoiceUrl,
    paymentIntentId: inv.paymentIntentId,
  };
  if (existing) await Invoice.query(trx).findById(existing.id).patch(fields);
  else {
    await Invoice.query(trx).insert({
      ...fields, userId: sub.userId, subscriptionId: sub.id, provider: event.provider, providerInvoiceId: inv.id, tier, reason: inv.reason,
      amountCents: inv.amountCents, currency: inv.currency, periodStart: inv.periodStart, periodEnd: inv.periodEnd, createdAt: now,
    });
  }
  if (sub.userId === null || sub.status === 'canceled') return true;
  if (paid) {
    // A paid invoice extends access to its period end; it never shortens what a later event already granted.
    const periodEnd = inv.reason === 'subscription_update' ? sub.currentPeriodEnd : Math.max(sub.currentPeriodEnd, inv.periodEnd);
    const periodStart = inv.reason === 'subscription_update' ? sub.currentPeriodStart : Math.max(sub.currentPeriodStart, inv.periodStart);
    await Subscription.query(trx).findById(sub.id).patch({ status: 'active', graceUntil: null, currentPeriodStart: periodStart, currentPeriodEnd: periodEnd, updatedAt: now });
    await syncUserTier(trx, sub.userId, now, policy);
    out.changed.add(sub.userId);
    out.notices.push(paidNotice(sub.userId, tier, inv, periodEnd, sub.cancelAtPeriodEnd));
    return true;
  }
  if (inv.reason !== 'subscription_cycle') return true;
  const graceUntil = sub.graceUntil ?? inv.periodStart + graceMs(policy);
  await Subscription.query(trx).findById(sub.id).patch({ status: 'past_due', graceUntil, updatedAt: now });
  await syncUserTier(trx, sub.userId, now, policy);
  const fresh = await Subscription.query(trx).findById(sub.id);
  out.changed.add(sub.userId);
  out.notices.push(failedNotice(sub.userId, tier, inv, graceUntil, event.created, fresh?.cardLast4 ?? null));
  return true;
}
