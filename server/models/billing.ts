import type { ModelObject } from 'objection';
import type { SubscriptionTier } from '../../contracts/enums';
import { BaseModel } from './base-model';

export type PaidTier = Exclude<SubscriptionTier, 'tryme'>;
export type SubscriptionStatus = 'incomplete' | 'active' | 'past_due' | 'canceled';

/** A member's subscription to a paid tier, mirrored from the payment provider (Stripe, or the demo biller). */
export class Subscription extends BaseModel {
  static tableName = 'subscriptions';
  static booleanColumns = ['cancelAtPeriodEnd', 'cardFailsOnRenewal', 'legacyDuplicate'];
  static bigintColumns = ['currentPeriodStart', 'currentPeriodEnd', 'graceUntil', 'canceledAt', 'lastEventAt', 'createdAt', 'updatedAt'];
  id!: number;
  userId!: number | null;
  provider!: 'stripe' | 'demo';
  providerSubscriptionId!: string;
  providerCustomerId!: string | null;
  tier!: PaidTier;
  pendingTier!: SubscriptionTier | null;
  status!: SubscriptionStatus;
  currentPeriodStart!: number;
  currentPeriodEnd!: number;
  cancelAtPeriodEnd!: boolean;
  graceUntil!: number | null;
  canceledAt!: number | null;
  cardBrand!: string | null;
  cardLast4!: string | null;
  cardFailsOnRenewal!: boolean;
  /** A second live subscription of a member from before one live subscription per member was enforced. */
  legacyDuplicate!: boolean;
  lastEventAt!: number;
  createdAt!: number;
  updatedAt!: number;
}

/** A subscription's columns as plain data (a model read from the database, or one built in code). */
export type SubscriptionRow = ModelObject<Subscription>;

export class Invoice extends BaseModel {
  static tableName = 'invoices';
  static bigintColumns = ['periodStart', 'periodEnd', 'paidAt', 'createdAt'];
  id!: number;
  userId!: number | null;
  subscriptionId!: number | null;
  provider!: 'stripe' | 'demo';
  providerInvoiceId!: string;
  paymentIntentId!: string | null;
  tier!: PaidTier;
  reason!: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  amountCents!: number;
  currency!: string;
  status!: string;
  hostedInvoiceUrl!: string | null;
  periodStart!: number;
  periodEnd!: number;
  paidAt!: number | null;
  attemptCount!: number;
  createdAt!: number;
}

/** A Stripe webhook event already processed (each is handled once). */
export class StripeEvent extends BaseModel {
  static tableName = 'stripe_events';
  static bigintColumns = ['processedAt'];
  id!: string;
  type!: string;
  processedAt!: number;
}

/** The demo billing clock's offset from real time (one row). */
export class BillingClock extends BaseModel {
  static tableName = 'billing_clock';
  static bigintColumns = ['offsetMs'];
  id!: number;
  offsetMs!: number;
}
