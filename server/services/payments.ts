import crypto from 'node:crypto';
import Stripe from 'stripe';
import type { SubscriptionTier } from '../../contracts/enums';
import type { AppServices } from '../context';
import type { Config } from '../config';
import type { Db } from '../db';
import { HttpError } from '../errors';
import { Payment, SubscriptionPlan } from '../models/ops';
import { User } from '../models/user';
import { addMonth } from './billing/clock';
import { notify, worded } from './notifications';
import { sha256 } from './passwords';

export interface Intent {
  id: string;
  clientSecret: string | null;
  status: string;
  amountCents: number;
  currency: string;
  userId: number | null;
  tier: string | null;
}

/** The same interface for Stripe and for the offline demo provider. */
export interface PaymentProvider {
  readonly name: 'stripe' | 'demo';
  createIntent(input: { user: User; tier: SubscriptionTier; amountCents: number; currency: string }): Promise<Intent>;
  retrieveIntent(id: string): Promise<Intent | null>;
  cancelIntent(id: string): Promise<void>;
}

export interface CatalogueEntry {
  tier: SubscriptionTier;
  name: string;
  description: string;
  priceCents: number;
  price: string;
  currency: string;
  messageLimit: number | null;
  features: string[];
}

/**
 * Tiers with prices and limits: the database's catalogue, with configured prices winning. Tryme is the free base
 * plan every account starts on: its price is 0 whatever an older catalogue row says, and it is never charged.
 */
export async function catalogue(db: Db, config: Config): Promise<CatalogueEntry[]> {
  const plans = await SubscriptionPlan.query(db).orderBy('sortOrder');
  const override: Record<SubscriptionTier, number | null> = {
    tryme: 0,
    premium: config.prices.premiumCents,
    elite: config.prices.eliteCents,
  };
  return plans.map((p) => {
    const priceCents = override[p.tier] ?? p.priceCents;
    return {
      tier: p.tier,
      name: p.name,
      description: p.description,
      priceCents,
      price: (priceCents / 100).toFixed(2),
      currency: p.currency,
      messageLimit: p.tier === 'tryme' ? config.trymeMessageLimit : p.messageLimit,
      features: p.features,
    };
  });
}

function fromStripe(pi: Stripe.PaymentIntent): Intent {
  const userId = Number(pi.metadata?.userId);
  return {
    id: pi.id,
    clientSecret: pi.client_secret,
    status: pi.status,
    amountCents: pi.amount,
    currency: pi.currency,
    userId: Number.isInteger(userId) && userId > 0 ? userId : null,
    tier: pi.metadata?.tier ?? null,
  };
}

export function stripeClient(config: Config): Stripe {
  const base = config.stripe.apiBase ? new URL(config.stripe.apiBase) : null;
  return new Stripe(config.stripe.secretKey ?? 'sk_test_missing', {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(base
      ? { host: base.hostname, port: Number(base.port || (base.protocol === 'http:' ? 80 : 443)), protocol: base.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  });
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  constructor(
    private readonly stripe: Stripe,
    private readonly db: Db,
  ) {}

  /** The Stripe customer is created once and kept on the user. */
  private async customerFor(user: User): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const customer = await this.stripe.customers.create({ email: user.email, name: user.fullName, metadata: { userId: String(user.id) } });
    await User.query(this.db).findById(user.id).patch({ stripeCustomerId: customer.id });
    user.stripeCustomerId = customer.id;
    return customer.id;
  }

  async createIntent(input: { user: User; tier: SubscriptionTier; amountCents: number; currency: string }): Promise<Intent> {
    const customer = await this.customerFor(input.user);
    const pi = await this.stripe.paymentIntents.create({
      amount: input.amountCents,
      currency: input.currency,
      customer,
      automatic_payment_methods: { enabled: true },
      description: `Saathi ${input.tier} subscription (1 month)`,
      metadata: { userId: String(input.user.id), tier: input.tier },
    });
    return fromStripe(pi);
  }

  async retrieveIntent(id: string): Promise<Intent | null> {
    try {
      return fromStripe(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
  }

  async cancelIntent(id: string): Promise<void> {
    await this.stripe.paymentIntents.cancel(id);
  }
}

/**
 * Demo provider for the embedded, offline default: intents live in the payments table, clearly marked as demo,
 * and succeed only when the demo card form confirms them (a valid test card; nothing is charged).
 */
export class DemoProvider implements PaymentProvider {
  readonly name = 'demo' as const;
  constructor(private readonly db: Db) {}

  async createIntent(input: { user: User; tier: SubscriptionTier; amountCents: number; currency: string }): Promise<Intent> {
    const id = `demo_pi_${crypto.randomBytes(12).toString('hex')}`;
    const clientSecret = `${id}_secret_${crypto.randomBytes(16).toString('hex')}`;
    return { id, clientSecret, status: 'requires_confirmation', amountCents: input.amountCents, currency: input.currency, userId: input.user.id, tier: input.tier };
  }

  async retrieveIntent(id: string): Promise<Intent | null> {
    const row = await Payment.query(this.db).findOne({ intentId: id, provider: 'demo' });
    if (!row) return null;
    return { id: row.intentId, clientSecret: null, status: row.status, amountCents: row.amountCents, currency: row.currency, userId: row.userId, tier: row.tier };
  }

  async cancelIntent(id: string): Promise<void> {
    await Payment.query(this.db).where({ intentId: id, provider: 'demo' }).whereNot('status', 'succeeded').patch({ status: 'canceled', updatedAt: Date.now() });
  }
}

/**
 * Which provider takes payments: Stripe when its keys are configured, the demo provider only on a demo instance,
 * otherwise none (checkout answers 503 and the demo card form does not exist), so a real deployment without
 * Stripe can never hand out a paid tier for a test card number.
 */
export function providerName(config: Pick<Config, 'stripe' | 'demoMode'>): PaymentProvider['name'] | null {
  if (config.stripe.secretKey) return 'stripe';
  return config.demoMode ? 'demo' : null;
}

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured on this Saathi instance yet. Please try again later.';

export function paymentProvider(services: Pick<AppServices, 'config' | 'db'>): PaymentProvider {
  const name = providerName(services.config);
  if (name === 'stripe') return new StripeProvider(stripeClient(services.config), services.db);
  if (name === 'demo') return new DemoProvider(services.db);
  throw new HttpError(503, PAYMENTS_NOT_CONFIGURED, 'payments_not_configured');
}

/**
 * Applies a succeeded payment once: checks the intent belongs to this user, is for this tier at the catalogue's
 * amount, and was not used before; then sets the tier for one more month and notifies the member.
 * Returns false when the payment had already been applied (a replay changes nothing).
 */
export async function applySucceededPayment(
  services: Pick<AppServices, 'config' | 'db' | 'live'>,
  intent: Intent,
  expected: { userId: number; tier: SubscriptionTier },
): Promise<{ applied: boolean; subscriptionEnds: number | null }> {
  const { db, config } = services;
  if (intent.status !== 'succeeded') throw new HttpError(402, 'Payment Processing: the payment has not succeeded yet.', 'payment_incomplete', { status: intent.status });
  if (intent.userId !== expected.userId) throw new HttpError(403, 'This payment belongs to another account', 'forbidden');
  if (intent.tier !== expected.tier) throw new HttpError(400, 'This payment was made for a different plan', 'bad_request');
  const plan = (await catalogue(db, config)).find((p) => p.tier === expected.tier);
  if (!plan || plan.priceCents !== intent.amountCents || plan.currency !== intent.currency) {
    throw new HttpError(400, 'The payment amount does not match the plan price', 'bad_request');
  }
  const now = Date.now();
  const result = await db.transaction(async (trx) => {
    const existing = await Payment.query(trx).findOne({ intentId: intent.id });
    if (existing?.completedAt) return { applied: false, subscriptionEnds: null };
    const user = await User.query(trx).findById(expected.userId);
    if (!user || user.isDeleted) throw new HttpError(404, 'Account not found', 'not_found');
    const currentEnds = user.subscriptionTier === expected.tier && user.subscriptionEnds ? user.subscriptionEnds : 0;
    const subscriptionEnds = addMonth(Math.max(now, currentEnds));
    if (existing) {
      const claimed = await Payment.query(trx).where({ id: existing.id }).whereNull('completedAt').patch({ status: 'succeeded', completedAt: now, periodEnds: subscriptionEnds, updatedAt: now });
      if (claimed !== 1) return { applied: false, subscriptionEnds: null };
    } else {
      await Payment.query(trx).insert({
        userId: expected.userId, provider: config.stripe.secretKey ? 'stripe' : 'demo', intentId: intent.id, tier: expected.tier,
        amountCents: intent.amountCents, currency: intent.currency, status: 'succeeded', isDemo: !config.stripe.secretKey,
        completedAt: now, periodEnds: subscriptionEnds, createdAt: now, updatedAt: now,
      });
    }
    await User.query(trx).findById(expected.userId).patch({ subscriptionTier: expected.tier, subscriptionEnds, updatedAt: now });
    return { applied: true, subscriptionEnds };
  });
  if (result.applied) {
    await notify(services, {
      userId: expected.userId,
      type: 'subscription',
      ...worded({ id: 'server.notification.welcomePlanTitle', values: { plan: plan.name } }, { id: 'server.notification.welcomePlanText', values: { plan: plan.name, until: new Date(result.subscriptionEnds as number) } }),
      sourceType: 'payment',
    });
  }
  return result;
}

export function secretHash(clientSecret: string | null): string | null {
  return clientSecret ? sha256(clientSecret) : null;
}
