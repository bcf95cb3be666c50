import { TIER_LABELS } from '../../../contracts/tiers';
import type { AppServices } from '../../context';
import { HttpError, said } from '../../errors';
import { User } from '../../models/user';
import { sendMail } from '../mail';
import { notify } from '../notifications';
import { billingEmail } from './emails';
import type { InvoiceState } from './types';
import { type PaidTier, type SubscriptionRow, mainSubscription } from './state';

type Services = Pick<AppServices, 'db' | 'live' | 'config'>;

/** What the member is told (bell and email) after a billing change commits. */
export type Notice = { userId: number; title: string; content: string; mail: { subject: string; text: string } };

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
export const day = (ms: number) => new Date(ms).toUTCString().slice(0, 16);

export function paidNotice(userId: number, tier: PaidTier, inv: InvoiceState, periodEnd: number, endsThen: boolean): Notice {
  return {
    userId,
    title: `Payment received: ${TIER_LABELS[tier]}`,
    content: `We received ${money(inv.amountCents, inv.currency)}. Your ${TIER_LABELS[tier]} plan runs until ${day(periodEnd)}.`,
    mail: {
      subject: `Your Saathi receipt: ${TIER_LABELS[tier]}, ${money(inv.amountCents, inv.currency)}`,
      text: [
        `Thank you. We received your payment of ${money(inv.amountCents, inv.currency)} for Saathi ${TIER_LABELS[tier]}.`,
        `Period: ${day(inv.periodStart)} to ${day(inv.periodEnd)}.`,
        `Invoice: ${inv.id}${inv.hostedInvoiceUrl ? `\nReceipt: ${inv.hostedInvoiceUrl}` : ''}`,
        endsThen ? `Your plan ends on ${day(periodEnd)} and will not renew.` : `Your plan renews on ${day(periodEnd)}. You can change or cancel it in Settings → Plan.`,
      ].join('\n\n'),
    },
  };
}

/** A renewal declined: the plan is kept until graceUntil, or (no grace period configured) it ends now. */
export function failedNotice(userId: number, tier: PaidTier, inv: InvoiceState, graceUntil: number, at: number, cardLast4: string | null): Notice {
  const kept = graceUntil > at;
  return {
    userId,
    title: 'Your renewal payment failed',
    content: kept
      ? `We could not charge your card for ${TIER_LABELS[tier]}. You keep your plan until ${day(graceUntil)}; pay with another card in Settings → Plan to keep it.`
      : `We could not charge your card for ${TIER_LABELS[tier]}, so your account is on ${TIER_LABELS.tryme} now. Open Settings → Plan to pay or to choose a plan again.`,
    mail: {
      subject: 'Saathi: your renewal payment failed',
      text: [
        `We could not charge your card ${cardLast4 ? `ending in ${cardLast4} ` : ''}for your Saathi ${TIER_LABELS[tier]} renewal (${money(inv.amountCents, inv.currency)}).`,
        kept ? `You keep ${TIER_LABELS[tier]} until ${day(graceUntil)}. If no payment succeeds by then, your account moves to ${TIER_LABELS.tryme}.` : `Your account is on ${TIER_LABELS.tryme} now.`,
        kept ? 'To keep it, open Settings → Plan and pay with another card.' : 'Open Settings → Plan to pay or to choose a plan again.',
      ].join('\n\n'),
    },
  };
}

/** A subscription that was paying has ended: unpaid after the grace period, or as the member asked. */
export function endedNotice(userId: number, was: SubscriptionRow, at: number): Notice {
  const name = TIER_LABELS[was.tier];
  const why = was.status === 'past_due' ? `No payment arrived for your renewal, so your ${name} plan ended on ${day(at)}.` : `Your ${name} plan ended on ${day(at)}, as you asked; nothing more will be charged.`;
  return {
    userId,
    title: `Your ${name} plan has ended`,
    content: `${why} You can choose a plan again in Settings → Plan.`,
    mail: { subject: `Saathi: your ${name} plan has ended`, text: [why, 'You can choose a plan again at any time in Settings → Plan.'].join('\n\n') },
  };
}

/**
 * After a billing change commits: each notice goes to the bell and by email, and every member whose
 * subscription changed gets a `subscription` event on their live stream (an open Settings → Plan and the
 * app's idea of their tier refresh at once). A deleted account is told nothing.
 */
export async function tellMembers(services: Services, notices: Notice[], changed: Iterable<number>): Promise<void> {
  for (const n of notices) {
    const user = await User.query(services.db).findById(n.userId).select('email', 'fullName', 'isDeleted');
    if (!user || user.isDeleted) continue;
    await notify(services, { userId: n.userId, type: 'subscription', title: n.title, content: n.content, sourceType: 'payment' });
    const origin = services.config.publicUrl ?? `http://localhost:${services.config.port}`;
    const mail = await billingEmail({ subject: n.mail.subject, name: user.fullName, lines: n.mail.text.split('\n\n'), action: { label: 'Open Settings → Plan', href: `${origin}/settings?tab=subscription` } });
    await sendMail(services.config, services.db, { to: user.email, subject: mail.subject, text: mail.text, html: mail.html, kind: 'notification' });
  }
  for (const userId of new Set(changed)) {
    const user = await User.query(services.db).findById(userId).select('subscriptionTier', 'subscriptionEnds', 'isDeleted');
    if (!user || user.isDeleted) continue;
    const sub = await mainSubscription(services.db, userId);
    services.live.publish({
      userId,
      kind: 'subscription',
      payload: {
        subscriptionTier: user.subscriptionTier,
        subscriptionEnds: user.subscriptionEnds === null ? null : new Date(user.subscriptionEnds).toISOString(),
        status: sub?.status ?? null,
        tier: sub?.tier ?? null,
      },
    });
  }
}

/**
 * The refusal of an upgrade whose charge the card declined: nothing changed, and the member is told what they
 * still have, including a switch or an end already scheduled for the period end.
 */
export function upgradeDeclined(sub: SubscriptionRow): HttpError {
  const next = sub.cancelAtPeriodEnd || sub.pendingTier === 'tryme' ? 'ends' : sub.pendingTier ? 'switches' : 'none';
  return new HttpError(402, said('server.error.billing.upgradeDeclined', {
    card: sub.cardLast4 ?? 'none',
    tier: TIER_LABELS[sub.tier],
    next,
    pending: sub.pendingTier ? TIER_LABELS[sub.pendingTier] : '',
    end: new Date(sub.currentPeriodEnd),
  }), 'card_declined');
}
