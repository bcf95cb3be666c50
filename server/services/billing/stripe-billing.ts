import type Stripe from 'stripe';
import type { AppServices } from '../../context';
import { HttpError } from '../../errors';
import { Subscription } from '../../models/billing';
import { User } from '../../models/user';
import { type CatalogueEntry, stripeClient } from '../payments';
import { applyPaidInvoiceSnapshot, applySubscriptionSnapshot } from './events';
import type { PaidTier } from './state';
import { PRICE_LOOKUP_KEYS, SCHEDULE_EVENTS, invoiceStateOf, subscriptionStateOf } from './stripe-events';

type Services = Pick<AppServices, 'db' | 'live' | 'config'>;

/**
 * The monthly Price of a paid tier, found by its lookup key; created (with its Product) from the configured
 * price when missing, and replaced (the lookup key moved to a new Price) when the configured amount changed.
 * Amounts never come from the client.
 */
export async function priceFor(stripe: Stripe, plan: CatalogueEntry & { tier: PaidTier }): Promise<string> {
  const key = PRICE_LOOKUP_KEYS[plan.tier];
  const found = (await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 })).data[0];
  if (found && found.unit_amount === plan.priceCents && found.currency === plan.currency && found.recurring?.interval === 'month') return found.id;
  const product = found ? (typeof found.product === 'string' ? found.product : found.product.id) : (await stripe.products.create({ name: `Saathi ${plan.name}`, metadata: { tier: plan.tier } })).id;
  const price = await stripe.prices.create({
    product, unit_amount: plan.priceCents, currency: plan.currency, recurring: { interval: 'month' }, lookup_key: key, transfer_lookup_key: Boolean(found),
    metadata: { tier: plan.tier },
  });
  return price.id;
}

/** The tiers' current monthly Prices by id (found by lookup key), to name the Price a schedule's phase holds. */
export async function stripePriceTiers(stripe: Stripe): Promise<Map<string, PaidTier>> {
  const prices = await stripe.prices.list({ lookup_keys: Object.values(PRICE_LOOKUP_KEYS), active: true, limit: 10 });
  const tiers = new Map<string, PaidTier>();
  for (const price of prices.data) {
    const tier = (Object.entries(PRICE_LOOKUP_KEYS).find(([, key]) => key === price.lookup_key)?.[0] ?? null) as PaidTier | null;
    if (tier) tiers.set(price.id, tier);
  }
  return tiers;
}

/** Reads from Stripe what a webhook event names only by id: a schedule phase's Price, a subscription's card. */
export async function readForEvent(config: Services['config'], event: Stripe.Event) {
  const stripe = stripeClient(config);
  if (SCHEDULE_EVENTS.has(event.type)) return { priceTiers: await stripePriceTiers(stripe) };
  if (event.type === 'customer.subscription.created' || event.type === 'customer.subscription.updated') {
    const pm = (event.data.object as Stripe.Subscription).default_payment_method;
    // The card is shown, not needed to apply the event: a failed read leaves the card shown as it was.
    if (typeof pm === 'string') return { paymentMethod: await stripe.paymentMethods.retrieve(pm).catch(() => undefined) };
  }
  return {};
}

/** The Stripe customer is created once and kept on the user. */
async function customerFor(stripe: Stripe, services: Services, user: User): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await stripe.customers.create({ email: user.email, name: user.fullName, metadata: { userId: String(user.id) } });
  await User.query(services.db).findById(user.id).patch({ stripeCustomerId: customer.id });
  user.stripeCustomerId = customer.id;
  return customer.id;
}

/** Applies Stripe's current state of a subscription (read from the API) through the billing handler. */
export async function syncStripeSubscription(services: Services, sub: Stripe.Subscription): Promise<void> {
  const state = subscriptionStateOf(sub);
  if (!state) return;
  // Whole seconds, like Stripe's own event times, so a webhook from the same second is not taken as older.
  const created = Math.floor(Date.now() / 1000) * 1000;
  await applySubscriptionSnapshot(services, 'stripe', state, created);
}

/** The payment of a subscription's latest invoice (the first one, while it is incomplete), for the member's browser to confirm. */
function latestInvoicePayment(sub: Stripe.Subscription): { clientSecret: string; paymentIntentId: string } | null {
  const invoice = sub.latest_invoice as Stripe.Invoice | null;
  const clientSecret = invoice?.confirmation_secret?.client_secret ?? null;
  const payment = invoice?.payments?.data.find((p) => p.status !== 'canceled')?.payment.payment_intent ?? invoice?.payments?.data[0]?.payment.payment_intent;
  const paymentIntentId = typeof payment === 'string' ? payment : (payment?.id ?? null);
  return clientSecret && paymentIntentId ? { clientSecret, paymentIntentId } : null;
}

const CHECKOUT_EXPAND = ['latest_invoice.confirmation_secret', 'latest_invoice.payments'];

/**
 * A Subscription created `default_incomplete` at Stripe: its first invoice's payment is confirmed by the member's
 * browser with the client secret, then completion (or the invoice.paid webhook) makes it active. The caller
 * records it (checkout.ts holds the member's one open-subscription row while this runs).
 */
export async function createStripeSubscription(services: Services, user: User, plan: CatalogueEntry & { tier: PaidTier }) {
  const stripe = stripeClient(services.config);
  const customer = await customerFor(stripe, services, user);
  const price = await priceFor(stripe, plan);
  const sub = await stripe.subscriptions.create({
    customer,
    items: [{ price }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    metadata: { userId: String(user.id), tier: plan.tier },
    expand: CHECKOUT_EXPAND,
  });
  const first = latestInvoicePayment(sub);
  if (!first) throw new Error(`Stripe subscription ${sub.id} came back without a payment to confirm`);
  return { subscription: sub, ...first };
}

/**
 * An open Stripe checkout the member comes back to: the same subscription's first payment, as Stripe still has
 * it. null when Stripe no longer has it incomplete (paid meanwhile, or expired): its state is applied, and the
 * caller finds it active or ended.
 */
export async function reopenStripeCheckout(services: Services, providerSubscriptionId: string): Promise<{ clientSecret: string; paymentIntentId: string } | null> {
  const sub = await stripeClient(services.config).subscriptions.retrieve(providerSubscriptionId, { expand: CHECKOUT_EXPAND });
  const first = sub.status === 'incomplete' ? latestInvoicePayment(sub) : null;
  if (!first) await syncStripeSubscription(services, sub);
  return first;
}

/** An open Stripe checkout the member replaces (another plan chosen): cancelled at Stripe while still unpaid. */
export async function endStripeCheckout(services: Services, providerSubscriptionId: string): Promise<void> {
  const stripe = stripeClient(services.config);
  const sub = await stripe.subscriptions.retrieve(providerSubscriptionId);
  // Paid meanwhile: applied as it is (the member subscribes), never cancelled here.
  await syncStripeSubscription(services, sub.status === 'incomplete' ? await stripe.subscriptions.cancel(providerSubscriptionId) : sub);
}

/** After the browser confirmed the first payment: reads the subscription from Stripe and applies its state. */
export async function completeStripeSubscription(services: Services, userId: number, tier: PaidTier): Promise<{ applied: boolean }> {
  const row = await Subscription.query(services.db).where({ userId, provider: 'stripe' }).orderBy('createdAt', 'desc').orderBy('id', 'desc').first();
  if (!row) throw new HttpError(404, 'Payment not found', 'not_found');
  if (row.tier !== tier) throw new HttpError(400, 'This payment was made for a different plan', 'bad_request');
  const wasActive = row.status === 'active';
  const sub = await stripeClient(services.config).subscriptions.retrieve(row.providerSubscriptionId, { expand: ['default_payment_method', 'latest_invoice'] });
  if (sub.status === 'incomplete') throw new HttpError(402, 'Payment Processing: the payment has not succeeded yet.', 'payment_incomplete', { status: sub.status });
  await syncStripeSubscription(services, sub);
  // The first invoice, paid: recorded now (receipt mailed, its link in Settings → Plan and on the confirmation
  // screen) rather than when its webhook arrives.
  const invoice = sub.latest_invoice as Stripe.Invoice | null;
  const paid = invoice?.status === 'paid' && invoice.billing_reason === 'subscription_create' ? invoiceStateOf(invoice) : null;
  if (paid) await applyPaidInvoiceSnapshot(services, 'stripe', paid, Math.floor(Date.now() / 1000) * 1000);
  return { applied: !wasActive };
}

/**
 * A past-due subscription paid in the app: the open renewal invoice's PaymentIntent, for the member's browser
 * to confirm with a new card through the Payment Element (the same flow as the first payment). The card is
 * saved on the subscription when that payment succeeds (save_default_payment_method: on_subscription); the
 * invoice.paid and customer.subscription.updated webhooks then restore the plan.
 */
export async function openInvoicePayment(services: Services, subscriptionId: string) {
  const stripe = stripeClient(services.config);
  const sub = await stripe.subscriptions.retrieve(subscriptionId, { expand: CHECKOUT_EXPAND });
  const invoice = sub.latest_invoice as Stripe.Invoice | null;
  if (invoice?.status !== 'open') throw new HttpError(409, 'There is no unpaid invoice to pay.', 'subscription_conflict');
  const first = latestInvoicePayment(sub);
  if (!first) throw new HttpError(502, 'The payment provider gave no payment to confirm for this invoice. Please try again.', 'payment_provider_error');
  return {
    provider: 'stripe' as const,
    invoiceId: invoice.id,
    ...first,
    amount: (invoice.amount_due / 100).toFixed(2),
    currency: invoice.currency,
  };
}
