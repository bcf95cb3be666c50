import type { AppRouter } from '../../../context';
import type { Db } from '../../../db';
import { notFound } from '../../../errors';
import { requireAdmin } from '../../../middleware/auth';
import { idParam } from '../../../middleware/validate';
import { billingNow } from '../../../services/billing/clock';
import { subscriptionFromRow } from '../../../services/billing/state';

const iso = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());
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
  const paid = await db('invoices').where({ status: 'paid' }).where('paidAt', '>=', since).select('paidAt', 'amountCents', 'currency');
  const firstPaid = await db('invoices').where({ status: 'paid' }).groupBy('subscriptionId').select('subscriptionId').min({ at: 'paidAt' });
  const started = new Map((firstPaid as Array<{ subscriptionId: unknown; at: unknown }>).map((r) => [Number(r.subscriptionId), Number(r.at)]));
  const subs = (await db('subscriptions').whereIn('id', [...started.keys()])).map(subscriptionFromRow);
  return months.map(({ month, start, end }) => {
    const revenueCents = paid.filter((p) => Number(p.paidAt) >= start && Number(p.paidAt) < end).reduce((sum, p) => sum + Number(p.amountCents), 0);
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
    const user = await ctx.services.db('users').where({ id }).first('id');
    if (!user) throw notFound('Member not found');
    const subs = await ctx.services.db('subscriptions').where({ userId: id }).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(50);
    const invoices = await ctx.services.db('invoices').where({ userId: id }).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(100);
    // One-off month purchases from before subscriptions: each granted a month and is held by no subscription or
    // invoice (a subscription's first payment never records a period end of its own).
    const oneOff = await ctx.services.db('payments').where({ userId: id }).whereNotNull('completedAt').whereNotNull('periodEnds').orderBy('completedAt', 'desc').limit(50);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      subscriptions: subs.map(subscriptionFromRow).map((s) => ({
        id: s.providerSubscriptionId, provider: s.provider, tier: s.tier, pendingTier: s.pendingTier, status: s.status,
        currentPeriodStart: iso(s.currentPeriodStart), currentPeriodEnd: iso(s.currentPeriodEnd), cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        graceUntil: iso(s.graceUntil), canceledAt: iso(s.canceledAt), card: s.cardLast4 ? `${s.cardBrand ?? 'Card'} ·${s.cardLast4}` : null, createdAt: iso(s.createdAt),
      })),
      invoices: invoices.map((i) => ({
        id: i.providerInvoiceId, tier: i.tier, reason: i.reason, amount: (Number(i.amountCents) / 100).toFixed(2), currency: i.currency, status: i.status,
        periodStart: iso(i.periodStart), periodEnd: iso(i.periodEnd), paidAt: iso(i.paidAt), attempts: Number(i.attemptCount), receiptUrl: i.hostedInvoiceUrl ?? null,
      })),
      oneOffPayments: oneOff.map((p) => ({
        id: p.intentId, tier: p.tier, amount: (Number(p.amountCents) / 100).toFixed(2), currency: p.currency, paidAt: iso(p.completedAt), until: iso(p.periodEnds),
        isDemo: Boolean(Number(p.isDemo)),
      })),
    };
  });

  router.get('/billing/metrics', requireAdmin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    // The demo provider's clock is the instance's billing time (the real time when it was never advanced).
    ctx.body = { months: await billingMetrics(ctx.services.db, await billingNow(ctx.services.db)) };
  });
}
