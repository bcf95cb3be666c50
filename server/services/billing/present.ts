import type { Language } from '../../../contracts/i18n/languages';
import type { AppServices } from '../../context';
import { translatorFor } from '../../i18n';
import { Invoice } from '../../models/billing';
import { catalogue } from '../payments';
import { User } from '../../models/user';
import { type SubscriptionRow, freeYearOf, liveSubscriptions, mainSubscription } from './state';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

type Plans = Awaited<ReturnType<typeof catalogue>>;

/** One subscription as Settings → Plan shows it. */
function presentSubscription(sub: SubscriptionRow, plans: Plans) {
  const plan = plans.find((p) => p.tier === sub.tier);
  const live = sub.status === 'active' || sub.status === 'past_due';
  return {
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
  };
}

/**
 * What Settings → Subscription shows: the main subscription (plan, price, renewal or end date, card), any other
 * subscription that still bills (`others`: extras from before one live subscription per member was enforced,
 * which cancelling or changing the plan ends too), and invoices.
 */
export async function presentBilling(services: Pick<AppServices, 'db' | 'config'>, userId: number) {
  const { db } = services;
  const sub = await mainSubscription(db, userId);
  const live = await liveSubscriptions(db, userId);
  const others = live.filter((s) => s.id !== sub?.id);
  const plans = await catalogue(db, services.config);
  // What the member paid, and a renewal they can still pay (its subscription is past due). A checkout left unpaid
  // or declined, or a renewal of a plan that has ended, is no bill: not listed (the console lists every invoice).
  const payable = live.filter((s) => s.status === 'past_due').map((s) => s.id);
  const invoices = await Invoice.query(db)
    .where({ userId })
    .where((q) => {
      q.where('status', 'paid');
      if (payable.length) q.orWhere((open) => open.where('status', 'open').whereIn('subscriptionId', payable));
    })
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(50);
  const user = await User.query(db).findById(userId).select('registrationNumber', 'createdAt');
  const freeYear = user ? freeYearOf(user, services.config, Date.now()) : null;
  return {
    subscription: sub ? presentSubscription(sub, plans) : null,
    others: others.map((s) => presentSubscription(s, plans)),
    // A first-500 member's free Premium year while it runs: a paid plan bought meanwhile does not end it.
    freePremiumUntil: freeYear ? iso(freeYear.ends) : null,
    invoices: invoices.map((i) => ({
      id: i.providerInvoiceId,
      tier: i.tier as string,
      reason: i.reason as string,
      amount: (i.amountCents / 100).toFixed(2),
      currency: i.currency,
      status: i.status,
      periodStart: iso(i.periodStart),
      periodEnd: iso(i.periodEnd),
      paidAt: iso(i.paidAt),
      receiptUrl: i.hostedInvoiceUrl ?? (i.provider === 'demo' && i.status === 'paid' ? `/api/subscriptions/${userId}/invoices/${i.providerInvoiceId}/receipt` : null),
    })),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A printable receipt for a paid demo invoice, marked as a demo (no money moved), in the member's language. */
export function demoReceiptHtml(
  invoice: Pick<Invoice, 'amountCents' | 'currency' | 'tier' | 'providerInvoiceId' | 'reason' | 'periodStart' | 'periodEnd' | 'paidAt'>,
  memberName: string,
  language: Language,
): string {
  const t = translatorFor(language);
  const amount = `${(invoice.amountCents / 100).toFixed(2)} ${invoice.currency.toUpperCase()}`;
  const tier: string = invoice.tier;
  const day = (ms: number | null) => new Date(Number(ms));
  const rows = [
    [t('server.receipt.receipt'), invoice.providerInvoiceId],
    [t('server.receipt.billedTo'), memberName],
    [t('server.receipt.plan'), t('server.receipt.planValue', { tier: `${tier.charAt(0).toUpperCase()}${tier.slice(1)}`, reason: invoice.reason === 'subscription_update' ? 'upgrade' : 'monthly' })],
    [t('server.receipt.period'), t('server.receipt.periodValue', { from: day(invoice.periodStart), to: day(invoice.periodEnd) })],
    [t('server.receipt.paid'), t('server.receipt.day', { day: day(invoice.paidAt) })],
    [t('server.receipt.amount'), amount],
  ];
  const title = escapeHtml(t('server.receipt.title'));
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#222}th{text-align:left;padding:.4rem 1rem .4rem 0;color:#555;font-weight:500}td{padding:.4rem 0}p.demo{background:#fff4dc;padding:.6rem .8rem;border-radius:.4rem}</style></head>
<body><h1>${title}</h1><p class="demo">${escapeHtml(t('server.receipt.demo'))}</p>
<table>${rows.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table></body></html>`;
}
