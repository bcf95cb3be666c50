import type { AppRouter } from '../../../context';
import type { Db } from '../../../db';
import { notFound } from '../../../errors';
import { requireAdmin } from '../../../middleware/auth';
import { idParam } from '../../../middleware/validate';
import { billingNow } from '../../../services/billing/clock';
import { firstPaidAt } from '../../../services/billing/state';
import { Invoice, Subscription } from '../../../models/billing';
import { Payment } from '../../../models/ops';
import { User } from '../../../models/user';
import { isoOrNull as iso } from '../../../presenters/user';

const MONTHS = 12;

/** "2026-11": the UTC calendar month of a time. */
const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/** The last N calendar months (UTC), oldest first, ending with the month of `now`. */
function lastMonths(now: number, n: number): { month: string; start: number; end: number }[] {
  const d = new Date(now);
  return Array.from({ length: n }, (_, i) => {
    const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (n - 1 - i), 1);
    const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (n - 1 - i) + 1, 1);
    return { month: monthOf(start), start, end };
  });
}

/**
 * Revenue and churn per month from the invoices and subscriptions themselves. Revenue: paid invoices by the
 * month they were paid. Churn: subscriptions that ended in the month over those paying at its start (a
 * subscription pays from its first paid invoice until it is canceled).
 */
export async function billingMetrics(db: Db, now: number) {
  const months = lastMonths(now, MONTHS);
  const since = months[0].start;
  const paid = await Invoice.query(db).where({ status: 'paid' }).where('paidAt', '>=', since).select('paidAt', 'amountCents', 'currency');
  const started = await firstPaidAt(db);
  const subs = await Subscription.query(db).whereIn('id', [...started.keys()]);
  return months.map(({ month, start, end }) => {
    const revenueCents = paid.filter((p) => p.paidAt !== null && p.paidAt >= start && p.paidAt < end).reduce((sum, p) => sum + p.amountCents, 0);
    const payingAtStart = subs.filter((s) => (started.get(s.id) as number) < start && (s.canceledAt === null || s.canceledAt >= start));
    const churned = payingAtStart.filter((s) => s.canceledAt !== null && s.canceledAt < end).length;
    const newSubscriptions = subs.filter((s) => (started.get(s.id) as number) >= start && (started.get(s.id) as number) < end).length;
    return {
      month,
      revenue: (revenueCents / 100).toFixed(2),
      newSubscriptions,
      payingAtStart: payingAtStart.length,
      churned,
      churnRate: payingAtStart.length ? Math.round((churned / payingAtStart.length) * 1000) / 10 : null,
    };
  });
}

/** A member's subscriptions and invoices for their page, and revenue and churn for the dashboard (admins). */
export function billingOpsRoutes(router: AppRouter) {
  router.get('/members/:id/billing', async (ctx) => {
    const id = idParam(ctx.params.id);
    const db = ctx.services.db;
    const user = await User.query(db).findById(id).select('id');
    if (!user) throw notFound('Member not found');
    const subs = await Subscription.query(db).where({ userId: id }).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(50);
    const invoices = await Invoice.query(db).where({ userId: id }).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(100);
    // One-off month purchases from before subscriptions: each granted a month and is held by no subscription or
    // invoice (a subscription's first payment never records a period end of its own).
    const oneOff = await Payment.query(db).where({ userId: id }).whereNotNull('completedAt').whereNotNull('periodEnds').orderBy('completedAt', 'desc').limit(50);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      subscriptions: subs.map((s) => ({
        id: s.providerSubscriptionId, provider: s.provider, tier: s.tier, pendingTier: s.pendingTier, status: s.status,
        currentPeriodStart: iso(s.currentPeriodStart), currentPeriodEnd: iso(s.currentPeriodEnd), cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        graceUntil: iso(s.graceUntil), canceledAt: iso(s.canceledAt), card: s.cardLast4 ? `${s.cardBrand ?? 'Card'} ·${s.cardLast4}` : null, createdAt: iso(s.createdAt),
      })),
      invoices: invoices.map((i) => ({
        id: i.providerInvoiceId, tier: i.tier, reason: i.reason, amount: (i.amountCents / 100).toFixed(2), currency: i.currency, status: i.status,
        periodStart: iso(i.periodStart), periodEnd: iso(i.periodEnd), paidAt: iso(i.paidAt), attempts: i.attemptCount, receiptUrl: i.hostedInvoiceUrl ?? null,
      })),
      oneOffPayments: oneOff.map((p) => ({
        id: p.intentId, tier: p.tier, amount: (p.amountCents / 100).toFixed(2), currency: p.currency, paidAt: iso(p.completedAt), until: iso(p.periodEnds),
        isDemo: p.isDemo,
      })),
    };
  });

  router.get('/billing/metrics', requireAdmin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    // The demo provider's clock is the instance's billing time (the real time when it was never advanced).
    ctx.body = { months: await billingMetrics(ctx.services.db, await billingNow(ctx.services.db)) };
  });
}
