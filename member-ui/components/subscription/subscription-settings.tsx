import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Link } from '@tanstack/react-router';
import CreditCard from 'lucide-react/icons/credit-card';
import ExternalLink from 'lucide-react/icons/external-link';
import { useState } from 'react';
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

const STATUS: Record<NonNullable<BillingView['subscription']>['status'], { label: string; tone: 'gold' | 'maroon' | 'neutral' }> = {
  active: { label: 'Active', tone: 'gold' },
  past_due: { label: 'Payment failed', tone: 'maroon' },
  incomplete: { label: 'Awaiting payment', tone: 'neutral' },
  canceled: { label: 'Ended', tone: 'neutral' },
};

/** Settings → Subscription: plan, price, renewal, card, invoices; change plan, cancel at period end, resume. */
export function SubscriptionSettings({ userId }: { userId: number }) {
  const billing = useBilling(userId);
  const catalogue = useSubscriptionCatalogue();
  const action = useBillingAction(userId);
  const [confirmCancel, setConfirmCancel] = useState(false);
  // An upgrade charges the card at once, so it is confirmed first, saying what is charged.
  const [confirmUpgrade, setConfirmUpgrade] = useState<PlanView | null>(null);

  if (billing.isPending) return <p role="status">Loading your subscription…</p>;
  if (billing.isError) return <p role="alert">We couldn't load your subscription. Please try again.</p>;
  const sub = billing.data.subscription;
  const stripeKey = paymentModeOf(catalogue.data) === 'stripe' ? catalogue.data?.publishableKey ?? null : null;
  const live = sub && (sub.status === 'active' || sub.status === 'past_due');
  const freeUntil = formatPlanDate(billing.data.freePremiumUntil);

  function run(input: Parameters<typeof action.mutate>[0], done: string) {
    action.mutate(input, {
      onSuccess: (result) => toast({ title: done, description: result.charged ? chargedText(result.charged, sub?.paymentMethod ?? null) : undefined, variant: 'success' }),
      onError: (error) => toast({ title: 'Not changed', description: (isApiError(error) && error.serverMessage) || 'Please try again.', variant: 'destructive' }),
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
          Your plan
        </h2>
        {!live ? (
          <>
            {freeUntil ? (
              <p>
                You are on <strong>{TIER_LABELS.premium}</strong>, free until <strong>{freeUntil}</strong> as one of our first 500 members. Nothing is
                charged.
              </p>
            ) : (
              <p>
                You are on <strong>{TIER_LABELS.tryme}</strong>
                {sub?.status === 'canceled' && sub.endsAt ? `: your ${sub.planName} plan ended on ${formatPlanDate(sub.endsAt)}.` : '.'}
              </p>
            )}
            <Link to={paths.subscription} className="btn btn--primary btn--md">
              See plans
            </Link>
          </>
        ) : (
          <>
            <p className="billing-card__plan">
              <strong>{sub.planName}</strong>
              {sub.price ? <span> · {formatPrice(sub.price, sub.currency ?? 'usd')} a month</span> : null}
              <Badge tone={STATUS[sub.status].tone}>{STATUS[sub.status].label}</Badge>
            </p>
            {sub.paymentMethod ? (
              <p className="billing-card__card">
                <CreditCard size={16} aria-hidden="true" /> {sub.paymentMethod.brand ?? 'Card'} ending in {sub.paymentMethod.last4}
              </p>
            ) : null}
            {sub.status === 'past_due' ? (
              <p className="billing-card__warning" role="alert">
                {sub.graceUntil && Date.parse(sub.graceUntil) > Date.now()
                  ? `Your last renewal payment failed. You keep ${sub.planName} until ${formatPlanDate(sub.graceUntil)}; after that your account moves to Tryme unless a payment succeeds.`
                  : `Your last renewal payment failed, so your account is on Tryme until a payment succeeds. Pay now to get ${sub.planName} back.`}
              </p>
            ) : null}
            {sub.status === 'past_due' && sub.provider === 'demo' ? <PayPastDue userId={userId} due={billing.data.invoices.find((i) => i.status === 'open') ?? null} /> : null}
            {sub.status === 'past_due' && sub.provider === 'stripe' ? (
              stripeKey ? (
                <>
                  <PayInvoiceWithStripe userId={userId} publishableKey={stripeKey} />
                  <p className="billing-card__note">Or pay the unpaid invoice on Stripe's page through its link under Invoices.</p>
                </>
              ) : (
                <p>Pay the unpaid invoice through its link under Invoices.</p>
              )
            ) : null}
            {sub.status === 'past_due' ? null : sub.renewsAt && sub.pendingTier ? (
              <p className="billing-card__pending" role="status">
                Switching to <strong>{TIER_LABELS[sub.pendingTier]}</strong> on <strong>{formatPlanDate(sub.renewsAt)}</strong>: you keep {sub.planName} until then, and
                the renewal is charged at the {TIER_LABELS[sub.pendingTier]} price.
              </p>
            ) : sub.renewsAt ? (
              <p>
                Renews on <strong>{formatPlanDate(sub.renewsAt)}</strong>.
              </p>
            ) : (
              <p>
                Ends on <strong>{formatPlanDate(sub.endsAt)}</strong>: it will not renew and nothing more is charged. Until then you keep {sub.planName}.
              </p>
            )}
            <div className="billing-card__actions">
              {sub.cancelAtPeriodEnd ? (
                <Button onClick={() => run({ kind: 'resume' }, 'Your subscription will renew')} disabled={action.isPending}>
                  Resume subscription
                </Button>
              ) : sub.status === 'active' ? (
                <>
                  {sub.pendingTier ? (
                    <Button onClick={() => run({ kind: 'change', tier: sub.tier }, `You stay on ${sub.planName}`)} disabled={action.isPending}>
                      Keep {sub.planName}
                    </Button>
                  ) : null}
                  {otherPlans.map((p) =>
                    tierRank(p.tier) > tierRank(sub.tier) ? (
                      <Button key={p.tier} variant="outline" disabled={action.isPending} onClick={() => setConfirmUpgrade(p)}>
                        Upgrade to {p.name} now
                      </Button>
                    ) : (
                      <Button key={p.tier} variant="outline" disabled={action.isPending} onClick={() => run({ kind: 'change', tier: p.tier as SubscriptionTier }, changeToast(sub.tier, p.tier))}>
                        Switch to {p.name} at renewal
                      </Button>
                    ),
                  )}
                  <Button variant="outline" disabled={action.isPending} onClick={() => setConfirmCancel(true)}>
                    Cancel subscription
                  </Button>
                </>
              ) : null}
            </div>
            {freeUntil && sub.tier === 'elite' ? (
              <p className="billing-card__note">Your free Premium year runs until {freeUntil}: when {sub.planName} ends, you are on Premium until then.</p>
            ) : null}
            <OtherSubscriptions
              others={billing.data.others ?? []}
              pending={action.isPending}
              onEnd={sub.cancelAtPeriodEnd ? () => run({ kind: 'cancel' }, 'Your other subscriptions will end at the end of their period') : null}
            />
            {sub.status === 'active' && !sub.cancelAtPeriodEnd && otherPlans.length > 0 ? (
              <p className="billing-card__note">
                {otherPlans.some((p) => tierRank(p.tier) > tierRank(sub.tier)) ? 'Upgrades start now; you pay only the difference for the rest of this month. ' : ''}
                {otherPlans.some((p) => tierRank(p.tier) < tierRank(sub.tier)) ? 'A cheaper plan starts at your next renewal.' : ''}
              </p>
            ) : null}
          </>
        )}
      </section>

      <section className="card billing-card" aria-labelledby="billing-invoices-title">
        <h2 id="billing-invoices-title" className="billing-card__title">
          Invoices
        </h2>
        {billing.data.invoices.length === 0 ? (
          <p>No invoices yet.</p>
        ) : (
          <ul className="invoice-list">
            {billing.data.invoices.map((i) => (
              <li key={i.id} className="invoice-list__item">
                <span>
                  {formatPlanDate(i.paidAt ?? i.periodStart)} · {TIER_LABELS[i.tier as SubscriptionTier] ?? i.tier}
                  {i.reason === 'subscription_update' ? ' (upgrade)' : ''}
                </span>
                <span className="invoice-list__amount">
                  {formatPrice(i.amount, i.currency)} {i.status === 'paid' ? 'paid' : 'unpaid'}
                </span>
                {i.receiptUrl ? (
                  <a href={i.receiptUrl} target="_blank" rel="noreferrer" className="invoice-list__link">
                    {i.status === 'paid' ? 'Receipt' : 'Pay invoice'} <ExternalLink size={13} aria-hidden="true" />
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {sub?.provider === 'demo' ? <p className="billing-card__note">Demo payments: no card is charged; receipts are sent to your email.</p> : null}
      </section>

      <AlertDialog.Root open={confirmUpgrade !== null} onOpenChange={(open) => (action.isPending || open ? undefined : setConfirmUpgrade(null))}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="dialog-overlay" />
          <AlertDialog.Content className="dialog downgrade-dialog">
            <AlertDialog.Title className="dialog__title">Upgrade to {confirmUpgrade?.name} now?</AlertDialog.Title>
            <AlertDialog.Description className="dialog__description">
              {sub && confirmUpgrade ? upgradeText(sub, confirmUpgrade) : ''}
            </AlertDialog.Description>
            <div className="downgrade-dialog__actions">
              <Button
                block
                disabled={action.isPending}
                onClick={() => confirmUpgrade && run({ kind: 'change', tier: confirmUpgrade.tier }, changeToast(sub?.tier ?? 'tryme', confirmUpgrade.tier))}
              >
                {action.isPending ? 'Upgrading…' : `Upgrade now`}
              </Button>
              <AlertDialog.Cancel asChild>
                <Button block variant="outline" disabled={action.isPending}>
                  Not now
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
            <AlertDialog.Title className="dialog__title">Cancel your subscription?</AlertDialog.Title>
            <AlertDialog.Description className="dialog__description">
              {sub ? `You keep ${sub.planName} until ${formatPlanDate(sub.currentPeriodEnd)}. It will not renew and nothing more is charged; then your account moves to Tryme. You can resume until that date.` : ''}
            </AlertDialog.Description>
            <div className="downgrade-dialog__actions">
              <AlertDialog.Cancel asChild>
                <Button block disabled={action.isPending}>
                  Keep my plan
                </Button>
              </AlertDialog.Cancel>
              <Button block variant="outline" disabled={action.isPending} onClick={() => run({ kind: 'cancel' }, 'Your subscription will end at the end of this period')}>
                {action.isPending ? 'Cancelling…' : 'Cancel at period end'}
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
  if (others.length === 0) return null;
  const one = others.length === 1;
  const renewing = others.some((o) => o.renewsAt);
  return (
    <div className="billing-card__others" role="note" aria-label="Other subscriptions">
      <p>
        You also have {one ? 'another subscription' : `${others.length} other subscriptions`}, billed separately:
      </p>
      <ul>
        {others.map((o) => (
          <li key={`${o.tier}-${o.currentPeriodStart}`}>
            <strong>{o.planName}</strong>
            {o.price ? ` · ${formatPrice(o.price, o.currency ?? 'usd')} a month` : ''}
            {o.renewsAt ? ` · renews on ${formatPlanDate(o.renewsAt)}` : o.endsAt ? ` · ends on ${formatPlanDate(o.endsAt)}` : ''}
          </li>
        ))}
      </ul>
      {renewing ? <p>Cancelling your subscription, or changing your plan, ends {one ? 'it' : 'them'} at the end of the period already paid.</p> : null}
      {renewing && onEnd ? (
        <Button variant="outline" disabled={pending} onClick={onEnd}>
          End {one ? 'the other subscription' : 'the other subscriptions'}
        </Button>
      ) : null}
    </div>
  );
}

const changeToast = (from: string, to: string) => (tierRank(to) > tierRank(from) ? `You are now on ${TIER_LABELS[to as SubscriptionTier]}` : `${TIER_LABELS[to as SubscriptionTier]} starts at your next renewal`);

/** What an upgrade charged now, as the member's receipt would say it. */
const chargedText = (charged: { amount: string; currency: string }, card: { brand: string | null; last4: string } | null) =>
  `${formatPrice(charged.amount, charged.currency)} charged now${card ? ` to ${card.brand ?? 'your card'} ending in ${card.last4}` : ''} for the rest of this period.`;

/**
 * What an upgrade will charge, before it does: the difference between the monthly prices for what is left of
 * the period (the server prorates it exactly; the full difference is the most it can be), then the new price.
 */
function upgradeText(sub: NonNullable<BillingView['subscription']>, to: PlanView): string {
  const currency = sub.currency ?? to.currency;
  const most = sub.price ? ` (at most ${formatPrice((Number(to.price) - Number(sub.price)).toFixed(2), currency)})` : '';
  const card = sub.paymentMethod ? ` to ${sub.paymentMethod.brand ?? 'your card'} ending in ${sub.paymentMethod.last4}` : '';
  const renews = sub.renewsAt ? ` From ${formatPlanDate(sub.renewsAt)} it renews at ${formatPrice(to.price, to.currency)} a month.` : '';
  return `You move to ${to.name} at once. The difference for the rest of this period${most} is charged now${card}.${renews}`;
}
