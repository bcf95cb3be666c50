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

/**
 * An amount with its currency, so a member abroad never guesses which dollar: "US$14.99", "CA$19.99", "£9.99",
 * "€12.00", "₹499.00". The catalogue's prices are decimal text in the plan's currency (USD by default).
 */
export function formatPrice(price: string, currency = 'usd'): string {
  const code = currency.toUpperCase();
  const amount = Number(price);
  if (!Number.isFinite(amount)) return `${price} ${code}`;
  // en-US writes a bare "$" for its own dollar; every other dollar it prefixes (CA$, A$), so only USD needs it.
  if (code === 'USD') return `US$${amount.toFixed(2)}`;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amount);
  } catch {
    return `${price} ${code}`;
  }
}

/** A plan's price as the plans page and checkout show it: "Free" for Tryme (never charged), else "US$14.99 / month". */
export function formatPlanPrice(plan: { priceCents: number; price: string; currency: string }): string {
  return plan.priceCents === 0 ? 'Free' : `${formatPrice(plan.price, plan.currency)} / month`;
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
