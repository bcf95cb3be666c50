import type { AppServices } from '../../context';
import { catalogue } from '../payments';
import { latestSubscription } from './state';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** What Settings → Subscription shows: the plan, its price, renewal or end date, card, and invoices. */
export async function presentBilling(services: Pick<AppServices, 'db' | 'config'>, userId: number) {
  const { db } = services;
  const sub = await latestSubscription(db, userId);
  const plans = await catalogue(db, services.config);
  const plan = sub ? plans.find((p) => p.tier === sub.tier) : undefined;
  const live = sub !== null && (sub.status === 'active' || sub.status === 'past_due');
  const invoices = await db('invoices').where({ userId }).whereNot('status', 'draft').orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(50);
  return {
    subscription: sub
      ? {
          provider: sub.provider,
          tier: sub.tier,
          planName: plan?.name ?? sub.tier,
          price: plan?.price ?? null,
          currency: plan?.currency ?? null,
          status: sub.status,
          currentPeriodStart: iso(sub.currentPeriodStart),
          currentPeriodEnd: iso(sub.currentPeriodEnd),
          // The next charge: none when the subscription will end or has ended.
          renewsAt: live && !sub.cancelAtPeriodEnd && sub.pendingTier !== 'tryme' ? iso(sub.currentPeriodEnd) : null,
          endsAt: live && (sub.cancelAtPeriodEnd || sub.pendingTier === 'tryme') ? iso(sub.currentPeriodEnd) : sub.status === 'canceled' ? iso(sub.canceledAt) : null,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd || sub.pendingTier === 'tryme',
          pendingTier: sub.pendingTier === 'tryme' ? null : sub.pendingTier,
          graceUntil: iso(sub.graceUntil),
          paymentMethod: sub.cardLast4 ? { brand: sub.cardBrand, last4: sub.cardLast4 } : null,
        }
      : null,
    invoices: invoices.map((i) => ({
      id: i.providerInvoiceId as string,
      tier: i.tier as string,
      reason: i.reason as string,
      amount: (Number(i.amountCents) / 100).toFixed(2),
      currency: i.currency as string,
      status: i.status as string,
      periodStart: iso(Number(i.periodStart)),
      periodEnd: iso(Number(i.periodEnd)),
      paidAt: iso(i.paidAt === null ? null : Number(i.paidAt)),
      receiptUrl: (i.hostedInvoiceUrl as string | null) ?? null,
    })),
  };
}
