import type { SubscriptionTier } from './enums';

/** The plans' names as members and staff read them, in one spelling everywhere (server emails, member app, console). */
export const TIER_LABELS: Record<SubscriptionTier, string> = { tryme: 'Tryme', premium: 'Premium', elite: 'Elite' };
