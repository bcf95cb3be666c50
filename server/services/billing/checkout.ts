import crypto from 'node:crypto';
import type { AppServices } from '../../context';
import { HttpError, uniqueViolation } from '../../errors';
import { Subscription } from '../../models/billing';
import { Payment } from '../../models/ops';
import type { User } from '../../models/user';
import { type CatalogueEntry, secretHash } from '../payments';
import { addMonth } from './clock';
import { createDemoSubscription, endDemoCheckout, reopenDemoCheckout } from './demo';
import { OPEN_STATUSES, type PaidTier, type SubscriptionRow, isLive } from './state';
import { createStripeSubscription, endStripeCheckout, reopenStripeCheckout, syncStripeSubscription } from './stripe-billing';

type Services = Pick<AppServices, 'db' | 'live' | 'config' | 'log'>;
type Plan = CatalogueEntry & { tier: PaidTier };

/** What the member's browser needs to pay the first invoice of their subscription. */
export interface Checkout {
  provider: 'demo' | 'stripe';
  subscriptionId: string;
  paymentIntentId: string;
  clientSecret: string;
  /** true: the member's checkout that was already open, handed back instead of a new one */
  reused: boolean;
}

/** The provider id a Stripe checkout's row holds while Stripe creates the subscription. */
const CLAIM_PREFIX = 'pending_';
/** A claim older than this was left by a request that died (Stripe's client gives up after about 40 s). */
const STALE_CLAIM_MS = 2 * 60_000;
/** How long a request waits for another one's checkout to be ready before asking the member to try again. */
const WAIT_MS = 10_000;

export const alreadySubscribed = () => new HttpError(409, 'You already have a subscription. Change your plan in Settings → Plan.', 'subscription_conflict');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The member's checkout for a paid plan. A member holds at most one open subscription (the subscriptions_one_live
 * index: incomplete, active or past due), so this either starts one, or hands back the open checkout for the same
 * plan (a member who comes back, a second tab, a double click), or ends an open checkout for another plan and
 * starts one for this. Several requests at once start one subscription between them: the first insert wins, the
 * others wait for it and hand it back. A member who already subscribes is refused (plan changes are in Settings).
 */
export async function openCheckout(services: Services, provider: 'demo' | 'stripe', user: User, plan: Plan): Promise<Checkout> {
  const { db } = services;
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    // The main one first; extras (legacyDuplicate) are open checkouts from before one was enforced.
    const open = await Subscription.query(db).where({ userId: user.id }).whereIn('status', OPEN_STATUSES).orderBy('legacyDuplicate').orderBy('createdAt', 'desc').orderBy('id', 'desc');
    if (open.some(isLive)) throw alreadySubscribed();
    const [checkout, ...extras] = open;
    for (const extra of extras) await endCheckout(services, extra);
    if (!checkout) {
      const started = provider === 'demo' ? await startDemo(services, user, plan) : await startStripe(services, user, plan);
      if (started) return started;
      continue;
    }
    if (checkout.providerSubscriptionId.startsWith(CLAIM_PREFIX)) {
      // Another request is creating this member's subscription at Stripe: wait for it, or clear a dead claim.
      if (Date.now() - checkout.createdAt > STALE_CLAIM_MS) await Subscription.query(db).where({ id: checkout.id, providerSubscriptionId: checkout.providerSubscriptionId }).delete();
      else await sleep(100);
      continue;
    }
    if (checkout.provider === provider && checkout.tier === plan.tier) {
      const reopened = await reopen(services, checkout);
      if (reopened) return reopened;
    }
    const now = await Subscription.query(db).findById(checkout.id);
    if (now?.status === 'incomplete') await endCheckout(services, now);
  }
  throw new HttpError(409, 'Your checkout is still being prepared. Please try again in a moment.', 'subscription_conflict');
}

async function startDemo(services: Services, user: User, plan: Plan): Promise<Checkout | null> {
  const created = await createDemoSubscription(services, { userId: user.id, tier: plan.tier, amountCents: plan.priceCents, currency: plan.currency });
  return created && { provider: 'demo', subscriptionId: created.subscriptionId, paymentIntentId: created.intentId, clientSecret: created.clientSecret, reused: false };
}

/**
 * A Stripe checkout: the member's open-subscription row is claimed first (a placeholder id; the one-live index
 * lets one request in), then the subscription is created at Stripe and the row takes its id, so parallel requests
 * never create a second subscription at Stripe. A failed call to Stripe gives the claim back.
 */
async function startStripe(services: Services, user: User, plan: Plan): Promise<Checkout | null> {
  const { db } = services;
  const claim = `${CLAIM_PREFIX}${crypto.randomBytes(12).toString('hex')}`;
  const claimedAt = Date.now();
  try {
    await Subscription.query(db).insert({
      userId: user.id, provider: 'stripe', providerSubscriptionId: claim, tier: plan.tier, status: 'incomplete', currentPeriodStart: claimedAt,
      currentPeriodEnd: addMonth(claimedAt), cancelAtPeriodEnd: false, lastEventAt: 0, createdAt: claimedAt, updatedAt: claimedAt,
    });
  } catch (error) {
    if (uniqueViolation(error)) return null;
    throw error;
  }
  let created: Awaited<ReturnType<typeof createStripeSubscription>>;
  try {
    created = await createStripeSubscription(services, user, plan);
  } catch (error) {
    await Subscription.query(db).where({ providerSubscriptionId: claim }).delete();
    services.log({ level: 'error', msg: 'subscription setup failed', err: String(error) });
    throw new HttpError(502, 'Unable to process subscription request', 'payment_provider_error');
  }
  const now = Date.now();
  await db.transaction(async (trx) => {
    const customer = created.subscription.customer;
    await Subscription.query(trx)
      .where({ providerSubscriptionId: claim })
      .patch({ providerSubscriptionId: created.subscription.id, providerCustomerId: typeof customer === 'string' ? customer : customer.id, updatedAt: now });
    await Payment.query(trx).insert({
      userId: user.id, provider: 'stripe', intentId: created.paymentIntentId, tier: plan.tier, amountCents: plan.priceCents, currency: plan.currency,
      status: 'requires_payment_method', isDemo: false, clientSecretHash: secretHash(created.clientSecret), createdAt: now, updatedAt: now,
    });
  });
  await syncStripeSubscription(services, created.subscription);
  return { provider: 'stripe', subscriptionId: created.subscription.id, paymentIntentId: created.paymentIntentId, clientSecret: created.clientSecret, reused: false };
}

/** The open checkout handed back (null: it cannot be paid any more; its state has been brought up to date). */
async function reopen(services: Services, sub: SubscriptionRow): Promise<Checkout | null> {
  if (sub.provider === 'demo') {
    const again = await reopenDemoCheckout(services, sub);
    return again && { provider: 'demo', subscriptionId: again.subscriptionId, paymentIntentId: again.intentId, clientSecret: again.clientSecret, reused: true };
  }
  const again = await reopenStripeCheckout(services, sub.providerSubscriptionId);
  return again && { provider: 'stripe', subscriptionId: sub.providerSubscriptionId, ...again, reused: true };
}

/** An open checkout that will not be paid (another plan chosen, or an extra): ended with its provider. */
async function endCheckout(services: Services, sub: SubscriptionRow): Promise<void> {
  if (sub.provider === 'demo') return endDemoCheckout(services, sub);
  if (services.config.stripe.secretKey) return endStripeCheckout(services, sub.providerSubscriptionId);
  // Stripe is no longer configured here; Stripe itself ends an unpaid checkout after a day (incomplete_expired).
  const now = Date.now();
  await Subscription.query(services.db).findById(sub.id).where({ status: 'incomplete' }).patch({ status: 'canceled', canceledAt: now, updatedAt: now });
}
