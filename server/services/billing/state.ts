import type { Knex } from 'knex';
import type { SubscriptionTier } from '../../../contracts/enums';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { Subscription, type SubscriptionRow, type SubscriptionStatus } from '../../models/billing';
import { User } from '../../models/user';
import { DAY_MS, freeYearEnds } from './clock';

export type { PaidTier, SubscriptionRow, SubscriptionStatus } from '../../models/billing';

/** What the tier rules read from the configuration. */
export type BillingPolicy = Pick<Config, 'firstFreePremium' | 'billingGraceDays'>;

/** After a failed renewal the member keeps their plan this long (BILLING_GRACE_DAYS) while the card is retried or replaced. */
export const graceMs = (policy: Pick<Config, 'billingGraceDays'>) => policy.billingGraceDays * DAY_MS;

/**
 * The one rule for what a subscription grants: an active one its tier until the period end; a past-due one
 * (its renewal failed, so its new period is unpaid) its tier until the grace period ends; anything else
 * (incomplete, canceled) nothing.
 */
export function accessFrom(sub: Pick<SubscriptionRow, 'status' | 'tier' | 'currentPeriodStart' | 'currentPeriodEnd' | 'graceUntil'>): { tier: SubscriptionTier; ends: number | null } {
  if (sub.status === 'active') return { tier: sub.tier, ends: sub.currentPeriodEnd };
  // graceUntil is set whenever a subscription becomes past due; without it no grace was granted.
  if (sub.status === 'past_due') return { tier: sub.tier, ends: sub.graceUntil ?? sub.currentPeriodStart };
  return { tier: 'tryme', ends: null };
}

/** Statuses of a subscription that bills, or will once its checkout is paid: at most one a member (subscriptions_one_live). */
export const OPEN_STATUSES: readonly SubscriptionStatus[] = ['incomplete', 'active', 'past_due'];

/** A subscription that still bills (a second one must not be started next to it). */
export function isLive(sub: SubscriptionRow | null | undefined): sub is SubscriptionRow {
  return sub != null && (sub.status === 'active' || sub.status === 'past_due');
}

/**
 * Every subscription of the member that still bills, the main one first: normally one, but a member may hold
 * extras from before one live subscription was enforced (legacyDuplicate), and Settings → Plan shows and cancels
 * those with it.
 */
export async function liveSubscriptions(db: Db | Knex.Transaction, userId: number): Promise<SubscriptionRow[]> {
  return Subscription.query(db).where({ userId }).whereIn('status', ['active', 'past_due']).orderBy('legacyDuplicate').orderBy('createdAt', 'desc').orderBy('id', 'desc');
}

/**
 * The member's main subscription, the one Settings shows and plan changes act on: the one that bills, else the
 * newest (an open checkout, or one that ended).
 */
export async function mainSubscription(db: Db | Knex.Transaction, userId: number): Promise<SubscriptionRow | null> {
  const [live] = await liveSubscriptions(db, userId);
  return live ?? (await Subscription.query(db).where({ userId }).orderBy('createdAt', 'desc').orderBy('id', 'desc').first()) ?? null;
}

/**
 * The first members' free Premium year (premium from registration for a calendar year, whatever they later
 * subscribe to) while it runs; null for other members and once it has ended.
 */
export function freeYearOf(user: Pick<User, 'registrationNumber' | 'createdAt'>, { firstFreePremium }: Pick<BillingPolicy, 'firstFreePremium'>, now: number): { tier: 'premium'; ends: number } | null {
  if (user.registrationNumber === null || user.registrationNumber > firstFreePremium) return null;
  const ends = freeYearEnds(Number(user.createdAt));
  return ends > now ? { tier: 'premium', ends } : null;
}

/**
 * Writes the member's tier columns from their subscriptions: users.subscriptionTier/subscriptionEnds are what
 * every tier check reads (policies/tier.ts), so they are only ever set from here once a member has subscribed.
 * The best of what the member holds wins (higher tier first, then the later end), counting a first-500 free
 * year as a Premium grant, so subscribing to Elite and ending it gives the free year back rather than losing it.
 * An incomplete subscription (first payment not made) grants nothing.
 */
export async function syncUserTier(trx: Db | Knex.Transaction, userId: number, now: number, { firstFreePremium }: Pick<BillingPolicy, 'firstFreePremium'>): Promise<void> {
  const subs = await Subscription.query(trx).where({ userId }).whereNot('status', 'incomplete');
  if (subs.length === 0) return;
  const user = await User.query(trx).findById(userId).select('registrationNumber', 'createdAt');
  const grants = subs.map(accessFrom).filter((a) => a.tier !== 'tryme');
  const freeYear = user ? freeYearOf(user, { firstFreePremium }, now) : null;
  if (freeYear) grants.push(freeYear);
  const rank = (t: SubscriptionTier) => (t === 'elite' ? 2 : t === 'premium' ? 1 : 0);
  const best = grants.sort((a, b) => rank(b.tier) - rank(a.tier) || (b.ends ?? 0) - (a.ends ?? 0))[0];
  const update = best ? { subscriptionTier: best.tier, subscriptionEnds: best.ends } : { subscriptionTier: 'tryme' as const, subscriptionEnds: null };
  const subId = subs.find((s) => isLive(s) && s.provider === 'stripe')?.providerSubscriptionId ?? null;
  await User.query(trx).findById(userId).patch({ ...update, stripeSubscriptionId: subId, updatedAt: now });
}

/**
 * When each subscription started paying: its first paid invoice. One grouped query (an aggregate over every paid
 * invoice, not rows of a model); ids and times are made numbers here.
 */
export async function firstPaidAt(db: Db): Promise<Map<number, number>> {
  const rows: Array<{ subscriptionId: number | string | null; at: number | string }> = await db('invoices')
    .where({ status: 'paid' })
    .whereNotNull('subscriptionId')
    .groupBy('subscriptionId')
    .select('subscriptionId')
    .min({ at: 'paidAt' });
  return new Map(rows.map((r) => [Number(r.subscriptionId), Number(r.at)]));
}
