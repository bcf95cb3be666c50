import { BaseModel } from './base-model';

export class Subscription extends BaseModel {
  static tableName = 'subscriptions';
  static booleanColumns = ['cancelAtPeriodEnd', 'cardFailsOnRenewal'];
  static bigintColumns = ['currentPeriodStart', 'currentPeriodEnd', 'graceUntil', 'canceledAt', 'lastEventAt', 'createdAt', 'updatedAt'];
  id!: number;
  userId!: number | null;
  provider!: string;
  providerSubscriptionId!: string;
  providerCustomerId!: string | null;
  tier!: string;
  pendingTier!: string | null;
  status!: string;
  currentPeriodStart!: number;
  currentPeriodEnd!: number;
  cancelAtPeriodEnd!: boolean;
  graceUntil!: number | null;
  canceledAt!: number | null;
  cardBrand!: string | null;
  cardLast4!: string | null;
  cardFailsOnRenewal!: boolean;
  lastEventAt!: number;
  createdAt!: number;
  updatedAt!: number;
}

export class Invoice extends BaseModel {
  static tableName = 'invoices';
  static bigintColumns = ['periodStart', 'periodEnd', 'paidAt', 'createdAt'];
  id!: number;
  userId!: number | null;
  subscriptionId!: number | null;
  provider!: string;
  providerInvoiceId!: string;
  paymentIntentId!: string | null;
  tier!: string;
  reason!: string;
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
