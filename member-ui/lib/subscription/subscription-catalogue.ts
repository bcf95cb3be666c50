import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionTier } from '../../../contracts/enums';
import { api } from '../api-client';

export interface PlanView {
  tier: SubscriptionTier;
  name: string;
  description: string;
  /** Decimal text, e.g. "14.99" */
  price: string;
  priceCents: number;
  currency: string;
  /** Monthly new-message limit; null = unlimited */
  messageLimit: number | null;
  features: string[];
}

/** GET /api/subscriptions. */
export interface SubscriptionCatalogue {
  tiers: { TRYME: 'tryme'; PREMIUM: 'premium'; ELITE: 'elite' };
  features: Record<SubscriptionTier, Omit<PlanView, 'tier'>>;
  plans: PlanView[];
  /** null: payments are not configured on this instance (no Stripe keys and not a demo) */
  provider: 'stripe' | 'demo' | null;
  publishableKey: string | null;
}

export const SUBSCRIPTIONS_PATH = '/api/subscriptions';

export function subscriptionCatalogueQueryOptions() {
  return queryOptions({
    queryKey: [SUBSCRIPTIONS_PATH],
    queryFn: ({ signal }) => api.get<SubscriptionCatalogue>(SUBSCRIPTIONS_PATH, { signal }),
    // Prices change only when an operator reconfigures them.
    staleTime: 10 * 60_000,
  });
}

export function useSubscriptionCatalogue() {
  return useQuery(subscriptionCatalogueQueryOptions());
}
