import type { Knex } from 'knex';
import type { AppServices } from '../../context';
import { HttpError } from '../../errors';
import { sendMail } from '../mail';
import { notify } from '../notifications';
import { billingEmail } from './emails';
import { type BillingPolicy, type PaidTier, graceMs, type SubscriptionStatus, latestSubscription, subscriptionFromRow, syncUserTier } from './state';

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
}

export interface InvoiceState {
  id: string;
  subscriptionId: string;
  paymentIntentId: string | null;
  /** null when the provider did not say (the subscription's tier is used) */
  tier: PaidTier | null;
  reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  amountCents: number;
  currency: string;
  hostedInvoiceUrl: string | null;
  periodStart: number;
  periodEnd: number;
  attemptCount: number;
}

export type BillingEvent =
  | { id: string; created: number; provider: 'stripe' | 'demo'; type: 'customer.subscription.updated' | 'customer.subscription.deleted'; subscription: SubscriptionState }
  | { id: string; created: number; provider: 'stripe' | 'demo'; type: 'invoice.paid' | 'invoice.payment_failed'; invoice: InvoiceState };

type Services = Pick<AppServices, 'db' | 'live' | 'config'>;
type Trx = Knex.Transaction;

const TIER_NAMES: Record<PaidTier, string> = { premium: 'Premium', elite: 'Elite' };
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
const day = (ms: number) => new Date(ms).toUTCString().slice(0, 16);

/** What the member is told after the transaction commits. */
type Notice = { userId: number; title: string; content: string; mail: { subject: string; text: string } };

/**
 * Applies a billing event once (by event id) and returns whether it changed anything. Late events are
 * handled: a subscription state older than the newest one applied is ignored, a canceled subscription stays
 * canceled, and a payment failure for an invoice already paid changes nothing.
 */
export async function applyBillingEvent(services: Services, event: BillingEvent, now = Date.now()): Promise<boolean> {
  const notices: Notice[] = [];
  const applied = await services.db.transaction(async (trx) => {
    const fresh = await trx('stripe_events').insert({ id: event.id, type: event.type, processedAt: now }).onConflict('id').ignore().returning('id');
    if (Array.isArray(fresh) && fresh.length === 0) return false;
    if ('subscription' in event) return applySubscriptionState(trx, event.provider, event.subscription, event.created, now, services.config);
    return applyInvoice(trx, event, now, notices, services.config);
  });
  for (const n of notices) {
    await notify(services, { userId: n.userId, type: 'subscription', title: n.title, content: n.content, sourceType: 'payment' });
    const user = await services.db('users').where({ id: n.userId }).first('email', 'fullName', 'isDeleted');
    if (!user || Number(user.isDeleted)) continue;
    const origin = services.config.publicUrl ?? `http://localhost:${services.config.port}`;
    const mail = await billingEmail({ subject: n.mail.subject, name: user.fullName, lines: n.mail.text.split('\n\n'), action: { label: 'Open Settings → Plan', href: `${origin}/settings?tab=subscription` } });
    await sendMail(services.config, services.db, { to: user.email, subject: mail.subject, text: mail.text, html: mail.html, kind: 'notification' });
  }
  return applied;
}

/**
 * A subscription's current state read from the provider's API (after checkout or a plan change): not an event,
 * so nothing to record as applied once; an older state than the one held is still ignored.
 */
export async function applySubscriptionSnapshot(services: Services, provider: 'stripe' | 'demo', state: SubscriptionState, created: number, now = Date.now()): Promise<boolean> {
  return services.db.transaction((trx) => applySubscriptionState(trx, provider, state, created, now, services.config));
}

async function applySubscriptionState(trx: Trx, provider: 'stripe' | 'demo', s: SubscriptionState, created: number, now: number, policy: BillingPolicy): Promise<boolean> {
  const existing = await trx('subscriptions').where({ providerSubscriptionId: s.id }).first();
  const row = existing ? subscriptionFromRow(existing) : null;
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
    ...(s.status === 'canceled' || s.tier === row?.pendingTier ? { pendingTier: null } : {}),
  };
  if (row) await trx('subscriptions').where({ id: row.id }).update(fields);
  else await trx('subscriptions').insert({ ...fields, userId, provider, providerSubscriptionId: s.id, providerCustomerId: s.customerId, createdAt: now });
  await syncUserTier(trx, userId, now, policy);
  return true;
}

async function applyInvoice(trx: Trx, event: Extract<BillingEvent, { invoice: InvoiceState }>, now: number, notices: Notice[], policy: BillingPolicy): Promise<boolean> {
  const inv = event.invoice;
  const subRow = await trx('subscriptions').where({ providerSubscriptionId: inv.subscriptionId }).first();
  // An invoice can arrive before its subscription's first event: refused (and rolled back, event id included)
  // so the provider delivers it again later instead of it being lost.
  if (!subRow) throw new HttpError(409, 'This invoice belongs to a subscription not known yet; deliver it again later.', 'subscription_unknown');
  const sub = subscriptionFromRow(subRow);
  const tier = inv.tier ?? sub.tier;
  const existing = await trx('invoices').where({ providerInvoiceId: inv.id }).first();
  if (existing?.status === 'paid') return false;
  const paid = event.type === 'invoice.paid';
  const fields = {
    status: paid ? 'paid' : 'open',
    paidAt: paid ? event.created : null,
    attemptCount: inv.attemptCount,
    hostedInvoiceUrl: inv.hostedInvoiceUrl,
    paymentIntentId: inv.paymentIntentId,
  };
  if (existing) await trx('invoices').where({ id: existing.id }).update(fields);
  else {
    await trx('invoices').insert({
      ...fields, userId: sub.userId, subscriptionId: sub.id, provider: event.provider, providerInvoiceId: inv.id, tier, reason: inv.reason,
      amountCents: inv.amountCents, currency: inv.currency, periodStart: inv.periodStart, periodEnd: inv.periodEnd, createdAt: now,
    });
  }
  if (sub.userId === null || sub.status === 'canceled') return true;
  if (paid) {
    // A paid invoice extends access to its period end; it never shortens what a later event already granted.
    const periodEnd = inv.reason === 'subscription_update' ? sub.currentPeriodEnd : Math.max(sub.currentPeriodEnd, inv.periodEnd);
    const periodStart = inv.reason === 'subscription_update' ? sub.currentPeriodStart : Math.max(sub.currentPeriodStart, inv.periodStart);
    await trx('subscriptions').where({ id: sub.id }).update({ status: 'active', graceUntil: null, currentPeriodStart: periodStart, currentPeriodEnd: periodEnd, updatedAt: now });
    await syncUserTier(trx, sub.userId, now, policy);
    notices.push({
      userId: sub.userId,
      title: `Payment received: ${TIER_NAMES[tier]}`,
      content: `We received ${money(inv.amountCents, inv.currency)}. Your ${TIER_NAMES[tier]} plan runs until ${day(periodEnd)}.`,
      mail: {
        subject: `Your Saathi receipt: ${TIER_NAMES[tier]}, ${money(inv.amountCents, inv.currency)}`,
        text: [
          `Thank you. We received your payment of ${money(inv.amountCents, inv.currency)} for Saathi ${TIER_NAMES[tier]}.`,
          `Period: ${day(inv.periodStart)} to ${day(inv.periodEnd)}.`,
          `Invoice: ${inv.id}${inv.hostedInvoiceUrl ? `\nReceipt: ${inv.hostedInvoiceUrl}` : ''}`,
          sub.cancelAtPeriodEnd ? `Your plan ends on ${day(periodEnd)} and will not renew.` : `Your plan renews on ${day(periodEnd)}. You can change or cancel it in Settings → Plan.`,
        ].join('\n\n'),
      },
    });
    return true;
  }
  if (inv.reason !== 'subscription_cycle') return true;
  const graceUntil = sub.graceUntil ?? inv.periodStart + graceMs(policy);
  await trx('subscriptions').where({ id: sub.id }).update({ status: 'past_due', graceUntil, updatedAt: now });
  await syncUserTier(trx, sub.userId, now, policy);
  const fresh = await latestSubscription(trx, sub.userId);
  const card = `your card ${fresh?.cardLast4 ? `ending in ${fresh.cardLast4} ` : ''}`;
  // With no grace period (BILLING_GRACE_DAYS=0) the paid plan ends with the failed renewal.
  const kept = graceUntil > event.created;
  notices.push({
    userId: sub.userId,
    title: 'Your renewal payment failed',
    content: kept
      ? `We could not charge your card for ${TIER_NAMES[tier]}. You keep your plan until ${day(graceUntil)}; pay with another card in Settings → Plan to keep it.`
      : `We could not charge your card for ${TIER_NAMES[tier]}, so your account is on Try Me now. Open Settings → Plan to pay or to choose a plan again.`,
    mail: {
      subject: 'Saathi: your renewal payment failed',
      text: [
        `We could not charge ${card}for your Saathi ${TIER_NAMES[tier]} renewal (${money(inv.amountCents, inv.currency)}).`,
        kept
          ? `You keep ${TIER_NAMES[tier]} until ${day(graceUntil)}. If no payment succeeds by then, your account moves to Try Me.`
          : 'Your account is on Try Me now.',
        kept ? 'To keep it, open Settings → Plan and pay with another card.' : 'Open Settings → Plan to pay or to choose a plan again.',
      ].join('\n\n'),
    },
  });
  return true;
}
