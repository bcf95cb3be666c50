import type { CatalogueId } from '../../../contracts/i18n/catalogue-ids';
import { TIER_LABELS } from '../../../contracts/tiers';
import { translatorFor, type Values } from '../../i18n';
import type { AppServices } from '../../context';
import { HttpError, said } from '../../errors';
import { User } from '../../models/user';
import { sendMail } from '../mail';
import { notify, worded } from '../notifications';
import { billingEmail } from './emails';
import type { InvoiceState } from './types';
import { type PaidTier, type SubscriptionRow, mainSubscription } from './state';

type Services = Pick<AppServices, 'db' | 'live' | 'config'>;

/** A catalogue message and its values: a notice is written in each member's language when it is sent. */
type Message = { id: CatalogueId; values?: Values };
const m = (id: CatalogueId, values?: Values): Message => ({ id, values });

/** What the member is told (bell and email) after a billing change commits. */
export type Notice = { userId: number; title: Message; content: Message; mail: { subject: Message; lines: Message[] } };

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
export const day = (ms: number) => new Date(ms).toUTCString().slice(0, 16);

export function paidNotice(userId: number, tier: PaidTier, inv: InvoiceState, periodEnd: number, endsThen: boolean): Notice {
  const paid = { tier: TIER_LABELS[tier], amount: money(inv.amountCents, inv.currency) };
  const end = new Date(periodEnd);
  return {
    userId,
    title: m('server.notification.billing.paidTitle', paid),
    content: m('server.notification.billing.paidText', { ...paid, until: end }),
    mail: {
      subject: m('server.email.billing.paidSubject', paid),
      lines: [
        m('server.email.billing.paidThanks', paid),
        m('server.email.billing.period', { from: new Date(inv.periodStart), to: new Date(inv.periodEnd) }),
        m('server.email.billing.invoice', { invoice: inv.id }),
        ...(inv.hostedInvoiceUrl ? [m('server.email.billing.receipt', { url: inv.hostedInvoiceUrl })] : []),
        m(endsThen ? 'server.email.billing.endsOn' : 'server.email.billing.renewsOn', { end }),
      ],
    },
  };
}

/** A renewal declined: the plan is kept until graceUntil, or (no grace period configured) it ends now. */
export function failedNotice(userId: number, tier: PaidTier, inv: InvoiceState, graceUntil: number, at: number, cardLast4: string | null): Notice {
  const kept = graceUntil > at;
  const values = { tier: TIER_LABELS[tier], free: TIER_LABELS.tryme, until: new Date(graceUntil), amount: money(inv.amountCents, inv.currency), card: cardLast4 ?? 'none' };
  return {
    userId,
    title: m('server.notification.billing.failedTitle'),
    content: m(kept ? 'server.notification.billing.failedKept' : 'server.notification.billing.failedEnded', values),
    mail: {
      subject: m('server.email.billing.failedSubject'),
      lines: [
        m('server.email.billing.failedCharge', values),
        m(kept ? 'server.email.billing.failedKept' : 'server.email.billing.failedMoved', values),
        m(kept ? 'server.email.billing.keepIt' : 'server.email.billing.payAgain'),
      ],
    },
  };
}

/** A subscription that was paying has ended: unpaid after the grace period, or as the member asked. */
export function endedNotice(userId: number, was: SubscriptionRow, at: number): Notice {
  const values = { tier: TIER_LABELS[was.tier], at: new Date(at) };
  const unpaid = was.status === 'past_due';
  return {
    userId,
    title: m('server.notification.billing.endedTitle', values),
    content: m(unpaid ? 'server.notification.billing.endedUnpaid' : 'server.notification.billing.endedAsked', values),
    mail: {
      subject: m('server.email.billing.endedSubject', values),
      lines: [m(unpaid ? 'server.email.billing.endedUnpaid' : 'server.email.billing.endedAsked', values), m('server.email.billing.chooseAgain')],
    },
  };
}

/**
 * After a billing change commits: each notice goes to the bell and by email, and every member whose
 * subscription changed gets a `subscription` event on their live stream (an open Settings → Plan and the
 * app's idea of their tier refresh at once). A deleted account is told nothing.
 */
export async function tellMembers(services: Services, notices: Notice[], changed: Iterable<number>): Promise<void> {
  for (const n of notices) {
    const user = await User.query(services.db).findById(n.userId).select('email', 'fullName', 'isDeleted', 'language');
    if (!user || user.isDeleted) continue;
    await notify(services, { userId: n.userId, type: 'subscription', ...worded(n.title, n.content), sourceType: 'payment' });
    const origin = services.config.publicUrl ?? `http://localhost:${services.config.port}`;
    const t = translatorFor(user.language);
    const mail = await billingEmail({ t, subject: t(n.mail.subject.id, n.mail.subject.values), name: user.fullName, lines: n.mail.lines.map((line) => t(line.id, line.values)), action: { label: t('server.email.billing.action'), href: `${origin}/settings?tab=subscription` } });
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
