import type { Db } from '../../db';
import { BillingClock } from '../../models/billing';

export const DAY_MS = 24 * 3600_000;

/**
 * The demo provider's clock: real time plus an offset kept in the database, so `saathi billing advance` and a
 * running server see the same simulated date. Stripe subscriptions never read it.
 */
export async function billingNow(db: Db): Promise<number> {
  const row = await BillingClock.query(db).findById(1).select('offsetMs');
  return Date.now() + (row?.offsetMs ?? 0);
}

export async function addToBillingClock(db: Db, ms: number): Promise<number> {
  await BillingClock.query(db).insert({ id: 1, offsetMs: 0 }).onConflict('id').ignore();
  await BillingClock.query(db).findById(1).increment('offsetMs', ms);
  return billingNow(db);
}

/**
 * `n` calendar months later (UTC), at the same time of day, on the same day of the month or the month's last day
 * when it is shorter: Jan 31 + 1 → Feb 28 (29 in a leap year), Mar 31 + 1 → Apr 30, Feb 29 + 12 → Feb 28.
 */
export function addMonths(ms: number, n: number): number {
  const d = new Date(ms);
  const firstOfTarget = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
  const target = new Date(firstOfTarget);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d.getUTCDate(), lastDay), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/** One calendar month later, the way Stripe bills monthly: Jan 31 → Feb 28 (or 29), Mar 31 → Apr 30. */
export function addMonth(ms: number): number {
  return addMonths(ms, 1);
}

/** One calendar year later: the same date next year, Feb 29 → Feb 28. */
export function addYear(ms: number): number {
  return addMonths(ms, 12);
}

/**
 * The end of the monthly period that starts at `start`, for a subscription billed from `anchor` (its first
 * period's start): the first anchor date after `start`, so a clamped month does not move later ones, as Stripe's
 * billing cycle anchor: 31 Jan → 28 Feb → 31 Mar → 30 Apr → 31 May.
 */
export function periodEndAfter(anchor: number, start: number): number {
  const a = new Date(anchor);
  const s = new Date(start);
  let months = Math.max(1, (s.getUTCFullYear() - a.getUTCFullYear()) * 12 + s.getUTCMonth() - a.getUTCMonth());
  while (addMonths(anchor, months) <= start) months += 1;
  return addMonths(anchor, months);
}

/** When a first-500 member's free Premium year ends: one calendar year after registration. */
export function freeYearEnds(registeredAt: number): number {
  return addYear(registeredAt);
}
