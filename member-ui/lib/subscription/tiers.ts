import type { SubscriptionTier } from '../../../contracts/enums';
import type { MessageId } from '../../i18n/catalogue';
import { translate } from '../../i18n/translate';
import { dayMonthYear, formatMoney } from '../format';

export type PaidTier = 'premium' | 'elite';

/** Plans from cheapest to dearest: a higher rank is an upgrade. */
export const tierRank = (tier: string) => (tier === 'elite' ? 2 : tier === 'premium' ? 1 : 0);

/** Each card's call to action (catalogue ids). */
export const PLAN_ACTION_LABELS: Record<SubscriptionTier, MessageId> = {
  tryme: 'plan.actionTryme',
  premium: 'plan.actionPremium',
  elite: 'plan.actionElite',
};

export function isPaidTier(value: unknown): value is PaidTier {
  return value === 'premium' || value === 'elite';
}

/**
 * An amount with its currency in the app's language (member-ui/lib/format.ts), so a member abroad never guesses
 * which dollar: "US$14.99", "CA$19.99", "£9.99" in English. The catalogue's prices are decimal text in the plan's
 * currency (USD by default); a currency Intl does not know is written as its code.
 */
export function formatPrice(price: string, currency = 'usd'): string {
  const code = currency.toUpperCase();
  const amount = Number(price);
  if (!Number.isFinite(amount)) return `${price} ${code}`;
  try {
    const text = formatMoney(amount, code);
    // Hindi and Tamil write the US dollar as a bare "$", which a member in Canada or Australia reads as their own.
    return code === 'USD' && !text.includes('US$') ? text.replace('$', 'US$') : text;
  } catch {
    return `${price} ${code}`;
  }
}

/** A plan's price as the plans page and checkout show it: "Free" for Tryme (never charged), else "US$14.99 / month". */
export function formatPlanPrice(plan: { priceCents: number; price: string; currency: string }): string {
  return plan.priceCents === 0 ? translate('plan.free') : translate('plan.perMonth', { price: formatPrice(plan.price, plan.currency) });
}

/** "12 March 2027" (in the app's language) for plan end dates; empty when absent or unreadable. */
export function formatPlanDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dayMonthYear(date, false);
}

/**
 * What renewal means, in the words both the plans page and checkout use: both payment providers bill as a
 * monthly subscription, changed or cancelled (at the period end) in Settings → Plan.
 */
export function renewalText(_provider?: 'stripe' | 'demo' | null): string {
  return translate('plan.renewal');
}
