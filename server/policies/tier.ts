import type { SubscriptionTier } from '../../contracts/enums';

/** A paid tier past subscriptionEnds counts as tryme everywhere, at once (no job needed). */
export function effectiveTier(user: { subscriptionTier: SubscriptionTier; subscriptionEnds: number | null }, now = Date.now()): SubscriptionTier {
  if (user.subscriptionTier === 'tryme') return 'tryme';
  if (user.subscriptionEnds !== null && user.subscriptionEnds <= now) return 'tryme';
  return user.subscriptionTier;
}

export function isPaidTier(tier: SubscriptionTier): boolean {
  return tier === 'premium' || tier === 'elite';
}
