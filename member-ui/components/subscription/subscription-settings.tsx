import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Link } from '@tanstack/react-router';
import CreditCard from 'lucide-react/icons/credit-card';
import ExternalLink from 'lucide-react/icons/external-link';
import { type ReactNode, useState } from 'react';
import type { SubscriptionTier } from '../../../contracts/enums';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import { isApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { type BillingView, type SubscriptionView, useBilling, useBillingAction } from '../../lib/subscription/billing';
import { type PlanView, useSubscriptionCatalogue } from '../../lib/subscription/subscription-catalogue';
import { TIER_LABELS } from '../../../contracts/tiers';
import { formatPlanDate, formatPrice, tierRank } from '../../lib/subscription/tiers';
import { paymentModeOf } from '../../lib/subscription/stripe-flow';
import { PayInvoiceWithStripe } from './pay-invoice-stripe';
import { PayPastDue } from './pay-past-due';
import { useT } from '../../i18n/use-t';
import { translate } from '../../i18n/translate';
import type { MessageId } from '../../i18n/catalogue';
import { FormattedMessage } from 'react-intl';

const STATUS: Record<NonNullable<BillingView['subscription']>['status'], { label: MessageId; tone: 'gold' | 'maroon' | 'neutral' }> = {
  active: { label: 'plan.statusActive', tone: 'gold' },
  past_due: { label: 'plan.statusPastDue', tone: 'maroon' },
  incomplete: { label: 'plan.statusIncomplete', tone: 'neutral' },
  canceled: { label: 'plan.statusEnded', tone: 'neutral' },
};

/** `<strong>` inside a catalogue message (react-intl's rich text). */
const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/** Settings → Subscription: plan, price, renewal, card, invoices; change plan, cancel at period end, resume. */
export function SubscriptionSettings({ userId }: { userId: number }) {
  const billing = useBilling(userId);
  const catalogue = useSubscriptionCatalogue();
  const action = useBillingAction(userId);
  const [confirmCancel, setConfirmCancel] = useState(false);
  // An upgrade charges the card at once, so it is confirmed first, saying what is charged.
  const [confirmUpgrade, setConfirmUpgrade] = useState<PlanView | null>(null);
  const t = useT();

  if (billing.isPending) return <p role="status">{t('plan.loadingSubscription')}</p>;
  if (billing.isError) return <p role="alert">{t('plan.subscriptionFailed')}</p>;
  const sub = billing.data.subscription;
  const stripeKey = paymentModeOf(catalogue.data) === 'stripe' ? catalogue.data?.publishableKey ?? null : null;
  const live = sub && (sub.status === 'active' || sub.status === 'past_due');
  const freeUntil = formatPlanDate(billing.data.freePremiumUntil);

  function run(input: Parameters<typeof action.mutate>[0], done: string) {
    action.mutate(input, {
      onSuccess: (result) => toast({ title: done, description: result.charged ? chargedText(result.charged, sub?.paymentMethod ?? null) : undefined, variant: 'success' }),
      onError: (error) => toast({ title: translate('plan.notChanged'), description: (isApiError(error) && error.serverMessage) || translate('error.tryAgainText'), variant: 'destructive' }),
      onSettled: () => {
        setConfirmCancel(false);
        setConfirmUpgrade(null);
      },
    });
  }

  // Every other paid plan, except the one a switch is already pending to (that one shows as pending instead).
  const otherPlans = (catalogue.data?.plans ?? []).filter((p) => p.tier !== 'tryme' && p.tier !== sub?.tier && p.tier !== sub?.pendingTier);
  return (
    <div className="billing-settings">
      <section className="card billing-card" aria-labelledby="billing-plan-title">
        <h2 id="billing-plan-title" className="billing-card__title">
          {t('plan.yourPlan')}
        </h2>
        {!live ? (
          <>
            {freeUntil ? (
              <p>
                <FormattedMessage id="plan.onFreePremium" values={{ plan: TIER_LABELS.premium, until: freeUntil, strong }} />
              </p>
            ) : (
              <p>
                {sub?.status === 'canceled' && sub.endsAt ? (
                  <FormattedMessage id="plan.onTrymeEnded" values={{ plan: TIER_LABELS.tryme, ended: sub.planName, date: formatPlanDate(sub.endsAt), strong }} />
                ) : (
                  <FormattedMessage id="plan.onTryme" values={{ plan: TIER_LABELS.tryme, strong }} />
                )}
              </p>
            )}
            <Link to={paths.subscription} className="btn btn--primary btn--md">
              {t('plan.seePlans')}
            </Link>
          </>
        ) : (
          <>
            <p className="billing-card__plan">
              <strong>{sub.planName}</strong>
              {sub.price ? <span> · {t('plan.aMonth', { price: formatPrice(sub.price, sub.currency ?? 'usd') })}</span> : null}
              <Badge tone={STATUS[sub.status].tone}>{t(STATUS[sub.status].label)}</Badge>
            </p>
            {sub.paymentMethod ? (
              <p className="billing-card__card">
                <CreditCard size={16} aria-hidden="true" /> {t('subscription.cardEnding', { brand: sub.paymentMethod.brand ?? t('subscription.card'), last4: sub.paymentMethod.last4 })}
              </p>
            ) : null}
            {sub.status === 'past_due' ? (
              <p className="billing-card__warning" role="alert">
                {sub.graceUntil && Date.parse(sub.graceUntil) > Date.now()
                  ? t('plan.pastDueGrace', { plan: sub.planName, date: formatPlanDate(sub.graceUntil) })
                  : t('plan.pastDueTryme', { plan: sub.planName })}
              </p>
            ) : null}
            {sub.status === 'past_due' && sub.provider === 'demo' ? <PayPastDue userId={userId} due={billing.data.invoices.find((i) => i.status === 'open') ?? null} /> : null}
            {sub.status === 'past_due' && sub.provider === 'stripe' ? (
              stripeKey ? (
                <>
                  <PayInvoiceWithStripe userId={userId} publishableKey={stripeKey} />
                  <p className="billing-card__note">{t('plan.orPayOnStripe')}</p>
                </>
              ) : (
                <p>{t('plan.payThroughLink')}</p>
              )
            ) : null}
            {sub.status === 'past_due' ? null : sub.renewsAt && sub.pendingTier ? (
              <p className="billing-card__pending" role="status">
                <FormattedMessage id="plan.pendingSwitch" values={{ next: TIER_LABELS[sub.pendingTier], date: formatPlanDate(sub.renewsAt), plan: sub.planName, strong }} />
              </p>
            ) : sub.renewsAt ? (
              <p>
                <FormattedMessage id="plan.renewsOn" values={{ date: formatPlanDate(sub.renewsAt), strong }} />
              </p>
            ) : (
              <p>
                <FormattedMessage id="plan.endsOn" values={{ date: formatPlanDate(sub.endsAt), plan: sub.planName, strong }} />
              </p>
            )}
            <div className="billing-card__actions">
              {sub.cancelAtPeriodEnd ? (
                <Button onClick={() => run({ kind: 'resume' }, translate('plan.willRenew'))} disabled={action.isPending}>
                  {t('plan.resume')}
                </Button>
              ) : sub.status === 'active' ? (
                <>
                  {sub.pendingTier ? (
                    <Button onClick={() => run({ kind: 'change', tier: sub.tier }, translate('plan.stayOn', { plan: sub.planName }))} disabled={action.isPending}>
                      {t('plan.keep', { plan: sub.planName })}
                    </Button>
                  ) : null}
                  {otherPlans.map((p) =>
                    tierRank(p.tier) > tierRank(sub.tier) ? (
                      <Button key={p.tier} variant="outline" disabled={action.isPending} onClick={() => setConfirmUpgrade(p)}>
                        {t('plan.upgradeNowTo', { plan: p.name })}
                      </Button>
                    ) : (
                      <Button key={p.tier} variant="outline" disabled={action.isPending} onClick={() => run({ kind: 'change', tier: p.tier as SubscriptionTier }, changeToast(sub.tier, p.tier))}>
                        {t('plan.switchAtRenewal', { plan: p.name })}
                      </Button>
                    ),
                  )}
                  <Button variant="outline" disabled={action.isPending} onClick={() => setConfirmCancel(true)}>
                    {t('plan.cancel')}
                  </Button>
                </>
              ) : null}
            </div>
            {freeUntil && sub.tier === 'elite' ? (
              <p className="billing-card__note">{t('plan.freeYearRuns', { until: freeUntil, plan: sub.planName })}</p>
            ) : null}
            <OtherSubscriptions
              others={billing.data.others ?? []}
              pending={action.isPending}
              onEnd={sub.cancelAtPeriodEnd ? () => run({ kind: 'cancel' }, translate('plan.othersWillEnd')) : null}
            />
            {sub.status === 'active' && !sub.cancelAtPeriodEnd && otherPlans.length > 0 ? (
              <p className="billing-card__note">
                {otherPlans.some((p) => tierRank(p.tier) > tierRank(sub.tier)) ? `${t('plan.upgradesStartNow')} ` : ''}
                {otherPlans.some((p) => tierRank(p.tier) < tierRank(sub.tier)) ? t('plan.cheaperAtRenewal') : ''}
              </p>
            ) : null}
          </>
        )}
      </section>

      <section className="card billing-card" aria-labelledby="billing-invoices-title">
        <h2 id="billing-invoices-title" className="billing-card__title">
          {t('plan.invoices')}
        </h2>
        {billing.data.invoices.length === 0 ? (
          <p>{t('plan.noInvoices')}</p>
        ) : (
          <ul className="invoice-list">
            {billing.data.invoices.map((i) => (
              <li key={i.id} className="invoice-list__item">
                <span>
                  {formatPlanDate(i.paidAt ?? i.periodStart)} · {TIER_LABELS[i.tier as SubscriptionTier] ?? i.tier}
                  {i.reason === 'subscription_update' ? ` ${t('plan.upgradeNote')}` : ''}
                </span>
                <span className="invoice-list__amount">
                  {formatPrice(i.amount, i.currency)} {i.status === 'paid' ? t('plan.paid') : t('plan.unpaid')}
                </span>
                {i.receiptUrl ? (
                  <a href={i.receiptUrl} target="_blank" rel="noreferrer" className="invoice-list__link">
                    {i.status === 'paid' ? t('plan.receipt') : t('plan.payInvoice')} <ExternalLink size={13} aria-hidden="true" />
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {sub?.provider === 'demo' ? <p className="billing-card__note">{t('plan.demoPayments')}</p> : null}
      </section>

      <AlertDialog.Root open={confirmUpgrade !== null} onOpenChange={(open) => (action.isPending || open ? undefined : setConfirmUpgrade(null))}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="dialog-overlay" />
          <AlertDialog.Content className="dialog downgrade-dialog">
            <AlertDialog.Title className="dialog__title">{t('plan.upgradeConfirmTitle', { plan: confirmUpgrade?.name ?? '' })}</AlertDialog.Title>
            <AlertDialog.Description className="dialog__description">
              {sub && confirmUpgrade ? upgradeText(sub, confirmUpgrade) : ''}
            </AlertDialog.Description>
            <div className="downgrade-dialog__actions">
              <Button
                block
                disabled={action.isPending}
                onClick={() => confirmUpgrade && run({ kind: 'change', tier: confirmUpgrade.tier }, changeToast(sub?.tier ?? 'tryme', confirmUpgrade.tier))}
              >
                {action.isPending ? t('plan.upgrading') : t('plan.upgradeNow')}
              </Button>
              <AlertDialog.Cancel asChild>
                <Button block variant="outline" disabled={action.isPending}>
                  {t('plan.notNow')}
                </Button>
              </AlertDialog.Cancel>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>

      <AlertDialog.Root open={confirmCancel} onOpenChange={(open) => (action.isPending ? undefined : setConfirmCancel(open))}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="dialog-overlay" />
          <AlertDialog.Content className="dialog downgrade-dialog">
            <AlertDialog.Title className="dialog__title">{t('plan.cancelTitle')}</AlertDialog.Title>
            <AlertDialog.Description className="dialog__description">
              {sub ? t('plan.cancelText', { plan: sub.planName, date: formatPlanDate(sub.currentPeriodEnd) }) : ''}
            </AlertDialog.Description>
            <div className="downgrade-dialog__actions">
              <AlertDialog.Cancel asChild>
                <Button block disabled={action.isPending}>
                  {t('plan.keepMine')}
                </Button>
              </AlertDialog.Cancel>
              <Button block variant="outline" disabled={action.isPending} onClick={() => run({ kind: 'cancel' }, translate('plan.willEnd'))}>
                {action.isPending ? t('plan.cancelling') : t('plan.cancelAtEnd')}
              </Button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}

/**
 * Subscriptions beside the main one that still bill (extras from before one subscription per member was
 * enforced): each with its price and date, and what ends them. `onEnd` when the main one already ends (its
 * "Cancel subscription" is gone): a button to end these too.
 */
function OtherSubscriptions({ others, pending, onEnd }: { others: SubscriptionView[]; pending: boolean; onEnd: (() => void) | null }) {
  const t = useT();
  if (others.length === 0) return null;
  const renewing = others.some((o) => o.renewsAt);
  return (
    <div className="billing-card__others" role="note" aria-label={t('plan.others')}>
      <p>{t('plan.othersIntro', { count: others.length })}</p>
      <ul>
        {others.map((o) => (
          <li key={`${o.tier}-${o.currentPeriodStart}`}>
            <strong>{o.planName}</strong>
            {o.price ? ` · ${t('plan.aMonth', { price: formatPrice(o.price, o.currency ?? 'usd') })}` : ''}
            {o.renewsAt ? ` · ${t('plan.renewsOnDate', { date: formatPlanDate(o.renewsAt) })}` : o.endsAt ? ` · ${t('plan.endsOnDate', { date: formatPlanDate(o.endsAt) })}` : ''}
          </li>
        ))}
      </ul>
      {renewing ? <p>{t('plan.othersEnd', { count: others.length })}</p> : null}
      {renewing && onEnd ? (
        <Button variant="outline" disabled={pending} onClick={onEnd}>
          {t('plan.endOthers', { count: others.length })}
        </Button>
      ) : null}
    </div>
  );
}

const changeToast = (from: string, to: string) =>
  translate(tierRank(to) > tierRank(from) ? 'plan.nowOn' : 'plan.startsAtRenewal', { plan: TIER_LABELS[to as SubscriptionTier] });

/** What an upgrade charged now, as the member's receipt would say it. */
const chargedText = (charged: { amount: string; currency: string }, card: { brand: string | null; last4: string } | null) =>
  card
    ? translate('plan.chargedCard', { amount: formatPrice(charged.amount, charged.currency), brand: card.brand ?? translate('plan.yourCard'), last4: card.last4 })
    : translate('plan.charged', { amount: formatPrice(charged.amount, charged.currency) });

/**
 * What an upgrade will charge, before it does: the difference between the monthly prices for what is left of
 * the period (the server prorates it exactly; the full difference is the most it can be), then the new price.
 */
function upgradeText(sub: NonNullable<BillingView['subscription']>, to: PlanView): string {
  const currency = sub.currency ?? to.currency;
  const most = sub.price ? formatPrice((Number(to.price) - Number(sub.price)).toFixed(2), currency) : '';
  const card = sub.paymentMethod ? translate('subscription.cardEnding', { brand: sub.paymentMethod.brand ?? translate('plan.yourCard'), last4: sub.paymentMethod.last4 }) : '';
  const charge = translate('plan.upgradeCharge', { plan: to.name, hasMost: most ? 'yes' : 'no', most, hasCard: card ? 'yes' : 'no', card });
  const renews = sub.renewsAt ? translate('plan.upgradeRenews', { date: formatPlanDate(sub.renewsAt), price: formatPrice(to.price, to.currency) }) : '';
  return renews ? `${charge} ${renews}` : charge;
}
