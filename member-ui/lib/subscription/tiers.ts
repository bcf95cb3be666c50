import type { SubscriptionTier } from '../../../contracts/enums';

export type PaidTier = 'premium' | 'elite';

/** Plans from cheapest to dearest: a higher rank is an upgrade. */
export const tierRank = (tier: string) => (tier === 'elite' ? 2 : tier === 'premium' ? 1 : 0);

/** Each card's call to action. */
export const PLAN_ACTION_LABELS: Record<SubscriptionTier, string> = {
  tryme: 'Tryme Now',
  premium: 'Upgrade Now',
  elite: 'Get Elite',
};

export function isPaidTier(value: unknown): value is PaidTier {
  return value === 'premium' || value === 'elite';
}

/** "$14.99": the catalogue's prices are decimal text in the plan's currency (USD by default). */
export function formatPrice(price: string, currency = 'usd'): string {
  if (currency.toLowerCase() === 'usd') return `$${price}`;
  const amount = Number(price);
  if (!Number.isFinite(amount)) return price;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount);
  } catch {
    return `${price} ${currency.toUpperCase()}`;
  }
}

/** "12 March 2027" for plan end dates; empty when absent or unreadable. */
export function formatPlanDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

/**
 * What renewal means, in the words both the plans page and checkout use: both payment providers bill as a
 * monthly subscription, changed or cancelled (at the period end) in Settings → Plan.
 */
export function renewalText(_provider?: 'stripe' | 'demo' | null): string {
  return 'Paid plans renew every month until you cancel. Change or cancel in Settings → Plan: a cancelled plan runs to the end of the month you paid for, then moves to Tryme. Moving down to Tryme never charges.';
}
