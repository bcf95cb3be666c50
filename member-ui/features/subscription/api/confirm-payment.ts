import type { SubscriptionTier } from '../../../../contracts/enums';
import { api } from '../../../lib/api-client';
import { SUBSCRIPTIONS_PATH } from '../../../lib/subscription/subscription-catalogue';

export interface DemoCardDetails {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

/**
 * Demo provider only: POST /api/payments/demo/{paymentIntentId}/confirm. 200 {status}; 400 card validation
 * texts; 402 "Your card was declined." (test card 4000 0000 0000 0002).
 */
export function postDemoConfirm(paymentIntentId: string, clientSecret: string, card: DemoCardDetails) {
  return api.post<{ status: string; paymentIntentId: string }>(
    `/api/payments/demo/${encodeURIComponent(paymentIntentId)}/confirm`,
    { json: { clientSecret, ...card } },
  );
}

export interface CompletedSubscription {
  applied: boolean;
  subscriptionTier: SubscriptionTier;
  subscriptionEnds: string | null;
  message: string;
}

/** POST /api/subscriptions/{userId}/complete: 402 when the payment has not succeeded yet. */
export function postCompleteSubscription(userId: number, tier: 'premium' | 'elite', paymentIntentId: string) {
  return api.post<CompletedSubscription>(`${SUBSCRIPTIONS_PATH}/${userId}/complete`, { json: { tier, paymentIntentId } });
}
