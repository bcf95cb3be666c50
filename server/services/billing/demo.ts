import crypto from 'node:crypto';
import type { AppServices } from '../../context';
import { HttpError, uniqueViolation } from '../../errors';
import { sha256 } from '../passwords';
import { catalogue } from '../payments';
import { addMonth, billingNow, periodEndAfter } from './clock';
import { type BillingEvent, type SubscriptionState, applyBillingEvent } from './events';
import type { InvoiceState } from './types';
import { tellMembers } from './tell';
import { Invoice, Subscription } from '../../models/billing';
import { Payment } from '../../models/ops';
import type { PaidTier, SubscriptionRow } from './state';

type Services = Pick<AppServices, 'db' | 'live' | 'config'>;
const rid = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

/** Stripe's published test card that can be saved but declines charges: here it pays the first invoice and declines every renewal. */
export const FAILS_ON_RENEWAL_CARD = '4000000000000341';

export function stateOf(sub: SubscriptionRow, change: Partial<SubscriptionState> = {}): SubscriptionState {
  return {
    id: sub.providerSubscriptionId, customerId: sub.providerCustomerId, userId: sub.userId, status: sub.status, tier: sub.tier,
    currentPeriodStart: sub.currentPeriodStart, currentPeriodEnd: sub.currentPeriodEnd, cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    canceledAt: sub.canceledAt, ...change,
  };
}

export function demoEvent(type: 'customer.subscription.updated' | 'customer.subscription.deleted', created: number, subscription: SubscriptionState): BillingEvent;
export function demoEvent(type: 'invoice.paid' | 'invoice.payment_failed', created: number, invoice: InvoiceState): BillingEvent;
export function demoEvent(
  type: 'customer.subscription.updated' | 'customer.subscription.deleted' | 'invoice.paid' | 'invoice.payment_failed',
  created: number,
  object: SubscriptionState | InvoiceState,
): BillingEvent {
  const base = { id: rid('demo_evt'), created, provider: 'demo' as const };
  if (type === 'invoice.paid' || type === 'invoice.payment_failed') return { ...base, type, invoice: object as InvoiceState };
  return { ...base, type, subscription: object as SubscriptionState };
}

/** A demo checkout the member's browser pays: the subscription, and its first invoice's payment and client secret. */
export interface DemoCheckout {
  subscriptionId: string;
  intentId: string;
  clientSecret: string;
}

const newSecret = (intentId: string) => `${intentId}_secret_${crypto.randomBytes(16).toString('hex')}`;

/**
 * Starts a subscription the way Stripe's `default_incomplete` does: the subscription is incomplete and its
 * first invoice open until the member's card confirms that invoice's payment with the client secret. One
 * transaction: the subscription, its invoice and its payment appear together or not at all. null when the member
 * already has an open subscription (the one-live index refused a second): the caller reuses that one.
 */
export async function createDemoSubscription(services: Services, input: { userId: number; tier: PaidTier; amountCents: number; currency: string }): Promise<DemoCheckout | null> {
  const { db } = services;
  const now = await billingNow(db);
  const realNow = Date.now();
  const subId = rid('demo_sub');
  const intentId = rid('demo_pi');
  const clientSecret = newSecret(intentId);
  try {
    await db.transaction(async (trx) => {
      const sub = await Subscription.query(trx).insert({
        userId: input.userId, provider: 'demo', providerSubscriptionId: subId, providerCustomerId: `demo_cus_${input.userId}`, tier: input.tier,
        status: 'incomplete', currentPeriodStart: now, currentPeriodEnd: addMonth(now), cancelAtPeriodEnd: false, lastEventAt: now, createdAt: realNow, updatedAt: realNow,
      });
      await Invoice.query(trx).insert({
        userId: input.userId, subscriptionId: sub.id, provider: 'demo', providerInvoiceId: rid('demo_in'), paymentIntentId: intentId, tier: input.tier,
        reason: 'subscription_create', amountCents: input.amountCents, currency: input.currency, status: 'open', periodStart: now, periodEnd: addMonth(now), createdAt: realNow,
      });
      await Payment.query(trx).insert({
        userId: input.userId, provider: 'demo', intentId, tier: input.tier, amountCents: input.amountCents, currency: input.currency,
        status: 'requires_confirmation', isDemo: true, clientSecretHash: sha256(clientSecret), createdAt: realNow, updatedAt: realNow,
      });
    });
  } catch (error) {
    if (uniqueViolation(error)) return null;
    throw error;
  }
  await tellMembers(services, [], [input.userId]);
  return { intentId, clientSecret, subscriptionId: subId };
}

/** The first invoice of a demo checkout, and its payment (null when either is missing). */
async function firstPayment(services: Services, sub: SubscriptionRow) {
  const invoice = await Invoice.query(services.db).where({ subscriptionId: sub.id, reason: 'subscription_create' }).orderBy('id').first();
  const payment = invoice?.paymentIntentId ? await Payment.query(services.db).findOne({ intentId: invoice.paymentIntentId, provider: 'demo' }) : undefined;
  return invoice && payment ? { invoice, payment } : null;
}

/**
 * An open demo checkout handed back to the member who comes back to pay it: the same subscription and payment,
 * with a new client secret (only its hash is kept, so the old one cannot be shown again; it stops working). A
 * checkout whose card payment succeeded but was never completed is completed now instead. null: the checkout
 * cannot be paid any more (the caller ends it or finds the subscription active).
 */
export async function reopenDemoCheckout(services: Services, sub: SubscriptionRow): Promise<DemoCheckout | null> {
  const first = await firstPayment(services, sub);
  if (first?.invoice.status !== 'open') return null;
  if (first.payment.status === 'succeeded') {
    await completeDemoFirstInvoice(services, first.payment.intentId);
    return null;
  }
  const clientSecret = newSecret(first.payment.intentId);
  await Payment.query(services.db).findById(first.payment.id).patch({ clientSecretHash: sha256(clientSecret), updatedAt: Date.now() });
  return { subscriptionId: sub.providerSubscriptionId, intentId: first.payment.intentId, clientSecret };
}

/**
 * An open demo checkout the member replaces (another plan chosen): the subscription ends unpaid, its invoice is
 * void and its payment cancelled. One whose card payment already succeeded is completed instead (it was paid).
 */
export async function endDemoCheckout(services: Services, sub: SubscriptionRow): Promise<void> {
  const first = await firstPayment(services, sub);
  if (first?.payment.status === 'succeeded' && first.invoice.status === 'open') {
    await completeDemoFirstInvoice(services, first.payment.intentId);
    return;
  }
  const now = Math.max(await billingNow(services.db), sub.lastEventAt);
  await applyBillingEvent(services, demoEvent('customer.subscription.deleted', now, stateOf(sub, { status: 'canceled', canceledAt: now })));
  await Invoice.query(services.db).where({ subscriptionId: sub.id, status: 'open' }).patch({ status: 'void' });
  if (first) await Payment.query(services.db).findById(first.payment.id).whereNot('status', 'succeeded').patch({ status: 'canceled', updatedAt: Date.now() });
}

/** The card the demo form confirmed becomes the subscription's payment method (brand and last four only). */
export async function saveDemoCard(services: Services, intentId: string, cardNumber: string): Promise<void> {
  const invoice = await Invoice.query(services.db).where({ paymentIntentId: intentId, provider: 'demo' }).select('subscriptionId').first();
  if (invoice?.subscriptionId == null) return;
  const digits = cardNumber.replace(/\D/g, '');
  const brand = /^4/.test(digits) ? 'Visa' : /^(5[1-5]|2[2-7])/.test(digits) ? 'Mastercard' : /^3[47]/.test(digits) ? 'American Express' : 'Card';
  await Subscription.query(services.db).findById(invoice.subscriptionId).patch({
    cardBrand: brand, cardLast4: digits.slice(-4), cardFailsOnRenewal: digits === FAILS_ON_RENEWAL_CARD, updatedAt: Date.now(),
  });
}

function invoiceState(sub: SubscriptionRow, invoice: Invoice, attemptCount: number): InvoiceState {
  return {
    id: invoice.providerInvoiceId, subscriptionId: sub.providerSubscriptionId, paymentIntentId: invoice.paymentIntentId,
    tier: invoice.tier, reason: invoice.reason, amountCents: invoice.amountCents, currency: invoice.currency,
    hostedInvoiceUrl: null, periodStart: invoice.periodStart, periodEnd: invoice.periodEnd, attemptCount,
  };
}

/**
 * The first invoice was paid (its payment intent succeeded): the subscription becomes active. Returns false
 * when that invoice had already been paid (a replay changes nothing).
 */
export async function completeDemoFirstInvoice(services: Services, intentId: string): Promise<boolean> {
  const { db } = services;
  const row = await Invoice.query(db).where({ paymentIntentId: intentId, provider: 'demo' }).first();
  if (!row) throw new HttpError(404, 'Payment not found', 'not_found');
  if (row.status === 'paid') return false;
  const sub = row.subscriptionId === null ? undefined : await Subscription.query(db).findById(row.subscriptionId);
  if (!sub) throw new HttpError(404, 'Payment not found', 'not_found');
  const now = await billingNow(db);
  await applyBillingEvent(services, demoEvent('customer.subscription.updated', now, stateOf(sub, { status: 'active' })));
  return applyBillingEvent(services, demoEvent('invoice.paid', now, invoiceState(sub, row, 1)));
}

/**
 * Everything the demo provider's clock has passed: renewals (paid, or declined into past_due with a grace
 * period), plan downgrades and cancellations that wait for the period end, and the end of grace periods.
 * Runs until nothing is due, so advancing two months renews twice.
 */
export async function runDemoRenewals(services: Services): Promise<number> {
  const { db } = services;
  const now = await billingNow(db);
  let events = 0;
  for (let pass = 0; pass < 1000; pass++) {
    const sub = await Subscription.query(db)
      .where({ provider: 'demo' })
      .andWhere((q) => q.where((a) => a.where({ status: 'active' }).where('currentPeriodEnd', '<=', now)).orWhere((p) => p.where({ status: 'past_due' }).where('graceUntil', '<=', now)))
      .orderBy('id')
      .first();
    if (!sub) return events;
    events += await step(services, sub);
  }
  return events;
}

/** Where a subscription's monthly periods are counted from: the start of the period its first invoice paid. */
async function billingAnchor(db: Services['db'], sub: SubscriptionRow): Promise<number> {
  const first = await Invoice.query(db).where({ subscriptionId: sub.id, reason: 'subscription_create' }).orderBy('id').select('periodStart').first();
  return first?.periodStart ?? sub.currentPeriodStart;
}

async function step(services: Services, sub: SubscriptionRow): Promise<number> {
  const { db } = services;
  if (sub.status === 'past_due' || sub.cancelAtPeriodEnd || sub.pendingTier === 'tryme') {
    // Grace over without a payment, or a cancellation (or move to Tryme) that waited for the period end.
    const at = sub.status === 'past_due' ? (sub.graceUntil as number) : sub.currentPeriodEnd;
    await applyBillingEvent(services, demoEvent('customer.subscription.deleted', at, stateOf(sub, { status: 'canceled', canceledAt: at })));
    return 1;
  }
  const tier = (sub.pendingTier ?? sub.tier) as PaidTier;
  const plan = (await catalogue(db, services.config)).find((p) => p.tier === tier);
  if (!plan) throw new Error(`No catalogue entry for ${tier}`);
  const start = sub.currentPeriodEnd;
  const end = periodEndAfter(await billingAnchor(db, sub), start);
  const fails = sub.cardFailsOnRenewal;
  await applyBillingEvent(services, demoEvent('customer.subscription.updated', start, stateOf(sub, { tier, status: fails ? 'past_due' : 'active', currentPeriodStart: start, currentPeriodEnd: end })));
  const invoice: InvoiceState = {
    id: rid('demo_in'), subscriptionId: sub.providerSubscriptionId, paymentIntentId: null, tier, reason: 'subscription_cycle',
    amountCents: plan.priceCents, currency: plan.currency, hostedInvoiceUrl: null, periodStart: start, periodEnd: end, attemptCount: 1,
  };
  await applyBillingEvent(services, demoEvent(fails ? 'invoice.payment_failed' : 'invoice.paid', start, invoice));
  return 2;
}

/**
 * A past-due demo subscription paid with a new card: the card becomes the payment method and the open
 * renewal invoice is paid at once (the subscription is active again). A card that declines changes nothing.
 */
export async function payPastDueWithCard(services: Services, sub: SubscriptionRow, cardNumber: string): Promise<void> {
  const { db } = services;
  const digits = cardNumber.replace(/\D/g, '');
  if (digits === '4000000000000002' || digits === FAILS_ON_RENEWAL_CARD) throw new HttpError(402, 'Your card was declined.', 'card_declined');
  const open = await Invoice.query(db).where({ subscriptionId: sub.id, status: 'open', reason: 'subscription_cycle' }).orderBy('createdAt', 'desc').first();
  if (!open) throw new HttpError(409, 'There is no unpaid invoice to pay.', 'subscription_conflict');
  const brand = /^4/.test(digits) ? 'Visa' : /^(5[1-5]|2[2-7])/.test(digits) ? 'Mastercard' : /^3[47]/.test(digits) ? 'American Express' : 'Card';
  await Subscription.query(db).findById(sub.id).patch({ cardBrand: brand, cardLast4: digits.slice(-4), cardFailsOnRenewal: false, updatedAt: Date.now() });
  const now = Math.max(await billingNow(db), sub.lastEventAt);
  await applyBillingEvent(services, demoEvent('customer.subscription.updated', now, stateOf(sub, { status: 'active' })));
  await applyBillingEvent(services, demoEvent('invoice.paid', now, invoiceState(sub, open, open.attemptCount + 1)));
}
