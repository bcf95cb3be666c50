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
 * Who liked you, and who viewed your profile, are paid features wherever they would show: the "who liked you"
 * list, the like and profile-view notifications in the bell, the live stream, email and push. One rule, asked
 * by each of them.
 */
export function seesWhoLikedThem(member: TierHolder, now = Date.now()): boolean {
  return isPaidTier(effectiveTier(member, now));
}

/**
 * Starting a video call is a paid feature (docs/tiers-and-limits.md): every plan may answer one, and family join
 * whatever the candidate's plan, so a match on the free plan can still meet by video when the other side calls.
 */
export function mayStartCalls(member: TierHolder, now = Date.now()): boolean {
  return isPaidTier(effectiveTier(member, now));
}
