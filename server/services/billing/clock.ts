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

/** One calendar month later (UTC), the way Stripe bills monthly: Jan 31 → Feb 28 (or 29), Mar 31 → Apr 30. */
export function addMonth(ms: number): number {
  const d = new Date(ms);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime();
}

/** One calendar year later (UTC): the same date next year, 29 February → 28 February. */
export function addYear(ms: number): number {
  const d = new Date(ms);
  const target = new Date(Date.UTC(d.getUTCFullYear() + 1, d.getUTCMonth(), 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime();
}
