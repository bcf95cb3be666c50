import type { PlanView, SubscriptionCatalogue } from '../../../lib/subscription/subscription-catalogue';

const PLANS: PlanView[] = [
  {
    tier: 'tryme', name: 'Tryme', description: 'Basic features to get started', price: '0.00', priceCents: 0, currency: 'usd',
    messageLimit: 5, features: ['Create your profile', 'Daily matches', 'Basic search filters', '5 new messages a month'],
  },
  {
    tier: 'premium', name: 'Premium', description: 'Everything you need to find your match', price: '14.99', priceCents: 1499,
    currency: 'usd', messageLimit: null, features: ['Unlimited messaging', 'See who liked your profile', 'Advanced filters'],
  },
  {
    tier: 'elite', name: 'Elite', description: 'A personal matchmaking experience', price: '29.99', priceCents: 2999,
    currency: 'usd', messageLimit: null, features: ['Everything in Premium', 'Weekly profile boost', 'Dedicated advisor'],
  },
];

/** GET /api/subscriptions as the server answers it (demo provider unless overridden). */
export function buildCatalogue(overrides: Partial<Pick<SubscriptionCatalogue, 'provider' | 'publishableKey'>> = {}): SubscriptionCatalogue {
  const features = Object.fromEntries(PLANS.map(({ tier, ...rest }) => [tier, rest])) as SubscriptionCatalogue['features'];
  return {
    tiers: { TRYME: 'tryme', PREMIUM: 'premium', ELITE: 'elite' },
    features,
    plans: PLANS,
    provider: 'demo',
    publishableKey: null,
    ...overrides,
  };
}
