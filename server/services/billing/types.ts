import type { PaidTier } from '../../models/billing';

// Shapes needed on both sides of an import between billing modules, kept below them so none imports another back.

/** An invoice as either provider reports it. */
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


/** What a plan change did: when it takes effect, and what was charged now (an upgrade's prorated invoice). */
export interface PlanChange {
  effective: 'now' | 'period_end';
  charged: { amountCents: number; currency: string; invoiceId: string } | null;
}
