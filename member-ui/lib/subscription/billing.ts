import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionTier } from '../../../contracts/enums';
import { api } from '../api-client';
import { sessionQueryKey } from '../session';

/** One subscription as Settings → Plan shows it. */
export interface SubscriptionView {
  provider: 'stripe' | 'demo';
  tier: 'premium' | 'elite';
  planName: string;
  price: string | null;
  currency: string | null;
  status: 'incomplete' | 'active' | 'past_due' | 'canceled';
  currentPeriodStart: string;
  currentPeriodEnd: string;
  renewsAt: string | null;
  endsAt: string | null;
  cancelAtPeriodEnd: boolean;
  pendingTier: SubscriptionTier | null;
  graceUntil: string | null;
  paymentMethod: { brand: string | null; last4: string } | null;
}

/** GET /api/subscriptions/{userId}/current: the member's subscription and invoices. */
export interface BillingView {
  subscription: SubscriptionView | null;
  /** other subscriptions that still bill: extras from before one subscription per member was enforced */
  others?: SubscriptionView[];
  /** the end of a first-500 member's free Premium year while it runs (a paid plan bought meanwhile does not end it) */
  freePremiumUntil?: string | null;
  invoices: {
    id: string;
    tier: string;
    reason: string;
    amount: string;
    currency: string;
    status: string;
    periodStart: string;
    periodEnd: string;
    paidAt: string | null;
    receiptUrl: string | null;
  }[];
}

/** A billing action's answer: the new view, and for a plan change when it applies and what was charged now. */
export type BillingAction = BillingView & {
  effective?: 'now' | 'period_end';
  /** an upgrade's prorated invoice; null when nothing was charged */
  charged?: { amount: string; currency: string; invoiceId: string } | null;
};

const billingPath = (userId: number) => `/api/subscriptions/${userId}`;
export const billingQueryKey = (userId: number) => [billingPath(userId), 'current'];

/** `refetchInterval`: ask again after that many milliseconds while the view is not yet what the screen waits for. */
export function useBilling(userId: number, options: { refetchInterval?: (view: BillingView | undefined) => number | false } = {}) {
  const { refetchInterval } = options;
  return useQuery({
    queryKey: billingQueryKey(userId),
    queryFn: () => api.get<BillingView>(`${billingPath(userId)}/current`),
    ...(refetchInterval ? { refetchInterval: (query: { state: { data: BillingView | undefined } }) => refetchInterval(query.state.data) } : {}),
  });
}

/** Plan change, cancel at period end, resume: each answers the new billing view; the session's tier may change. */
export function useBillingAction(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'change'; tier: SubscriptionTier } | { kind: 'cancel' } | { kind: 'resume' }) =>
      api.post<BillingAction>(
        `${billingPath(userId)}/${action.kind}`,
        action.kind === 'change' ? { json: { tier: action.tier } } : { json: {} },
      ),
    onSuccess: async (view) => {
      queryClient.setQueryData(billingQueryKey(userId), { subscription: view.subscription, others: view.others, freePremiumUntil: view.freePremiumUntil, invoices: view.invoices });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
