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

export interface TierHolder {
  subscriptionTier: SubscriptionTier;
  subscriptionEnds: number | null;
}

/**
 * Who liked you is a paid feature, wherever it would show: the "who liked you" list, the like notification in
 * the bell, its email and its push. One rule, asked by each of them.
 */
export function seesWhoLikedThem(member: TierHolder, now = Date.now()): boolean {
  return isPaidTier(effectiveTier(member, now));
}
