import type { SubscriptionTier } from '../../../../contracts/enums';
import { api } from '../../../lib/api-client';
import { SUBSCRIPTIONS_PATH } from '../../../lib/subscription/subscription-catalogue';

/** 201 answer of POST /api/subscriptions/{userId} for a paid tier. */
export interface PaymentSetup {
  clientSecret: string | null;
  price: string;
  tier: SubscriptionTier;
  paymentIntentId: string;
  provider: 'stripe' | 'demo';
  isDemo: boolean;
}

/** 200 answer for tier tryme: the downgrade is applied at once and never charges. */
export interface DowngradeResult {
  tier: 'tryme';
  price: '0.00';
  clientSecret: null;
  completed: true;
}

/** POST /api/subscriptions/{userId} {tier}: a payment intent for premium or elite. */
export function postPaymentSetup(userId: number, tier: 'premium' | 'elite'): Promise<PaymentSetup> {
  return api.post<PaymentSetup>(`${SUBSCRIPTIONS_PATH}/${userId}`, { json: { tier } });
}

/** POST /api/subscriptions/{userId} {tier: 'tryme'}: moves the member down to tryme. */
export function postDowngradeToTryme(userId: number): Promise<DowngradeResult> {
  return api.post<DowngradeResult>(`${SUBSCRIPTIONS_PATH}/${userId}`, { json: { tier: 'tryme' } });
}

/**
 * The payment intent's id is the part of its client secret before "_secret_" (Stripe's format, which the demo
 * provider copies), so a checkout link carrying only client_secret can still be completed.
 */
export function paymentIntentIdOf(clientSecret: string): string | null {
  const at = clientSecret.indexOf('_secret_');
  return at > 0 ? clientSecret.slice(0, at) : null;
}
