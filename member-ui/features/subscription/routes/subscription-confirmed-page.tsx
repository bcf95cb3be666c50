import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import CircleCheck from 'lucide-react/icons/circle-check';
import type { ReactNode } from 'react';
import ExternalLink from 'lucide-react/icons/external-link';
import type { SessionUser } from '../../../../contracts/auth';
import { TIER_LABELS } from '../../../../contracts/tiers';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { useSessionUser } from '../../../lib/session';
import { type BillingView, useBilling } from '../../../lib/subscription/billing';
import { formatPlanDate, formatPrice, isPaidTier } from '../../../lib/subscription/tiers';
import { useT } from '../../../i18n/use-t';

// By id, not by importing the route object: the route file lazy-loads this page, so an import would be a cycle.
const confirmedRoute = getRouteApi('/member/subscription/confirmed');

/** How often the page asks again while the payment is being confirmed (a Stripe webhook may still be on its way). */
const RECHECK_MS = 2000;

/** /subscription/confirmed?tier: where a successful checkout ends. */
export function SubscriptionConfirmedPage() {
  const user = useSessionUser();
  const { tier } = confirmedRoute.useSearch();
  if (!user) return null;
  return <Confirmation user={user} tier={isPaidTier(tier) ? tier : null} />;
}

function Confirmation({ user, tier }: { user: SessionUser; tier: 'premium' | 'elite' | null }) {
  const router = useRouter();
  const billing = useBilling(user.id, { refetchInterval: (data) => (confirmed(data, tier) ? false : RECHECK_MS) });
  const sub = billing.data?.subscription;
  const t = useT();
  if (billing.isError) {
    return (
      <ConfirmationFrame title={t('subscription.paymentReceived')} icon>
        <p className="checkout-state__text">{t('subscription.planLoadFailed')}</p>
      </ConfirmationFrame>
    );
  }
  if (!billing.data || !sub || !confirmed(billing.data, tier)) {
    return (
      <section className="checkout checkout--preparing" aria-labelledby="confirmation-title" aria-busy="true">
        <div className="card checkout-state" role="status">
          <Spinner size={36} />
          <h1 id="confirmation-title" className="checkout-state__title">
            {t('subscription.confirmingPayment')}
          </h1>
          <p className="checkout-state__text">{t('subscription.confirmingText')}</p>
        </div>
      </section>
    );
  }
  const paid = billing.data.invoices.find((i) => i.status === 'paid' && i.tier === sub.tier);
  const freeUntil = formatPlanDate(billing.data.freePremiumUntil);
  return (
    <ConfirmationFrame title={t('subscription.youreOn', { plan: sub.planName })} icon>
      <p className="checkout-state__text">{t('subscription.thankYou')}</p>
      <dl className="confirmation__facts">
        <div>
          <dt>{t('subscription.plan')}</dt>
          <dd>
            {sub.planName}
            {sub.price ? ` · ${t('plan.perMonth', { price: formatPrice(sub.price, sub.currency ?? 'usd') })}` : ''}
          </dd>
        </div>
        {paid ? (
          <div>
            <dt>{t('subscription.paidToday')}</dt>
            <dd>{formatPrice(paid.amount, paid.currency)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{sub.renewsAt ? t('subscription.renewsOn') : t('subscription.endsOn')}</dt>
          <dd>{formatPlanDate(sub.renewsAt ?? sub.endsAt)}</dd>
        </div>
        {sub.paymentMethod ? (
          <div>
            <dt>{t('subscription.card')}</dt>
            <dd>
              {t('subscription.cardEnding', { brand: sub.paymentMethod.brand ?? t('subscription.card'), last4: sub.paymentMethod.last4 })}
            </dd>
          </div>
        ) : null}
      </dl>
      {paid?.receiptUrl ? (
        <a className="confirmation__receipt" href={paid.receiptUrl} target="_blank" rel="noreferrer">
          {t('subscription.viewReceipt')} <ExternalLink size={14} aria-hidden="true" />
        </a>
      ) : (
        <p className="checkout-state__text">{t('subscription.receiptOnWay', { email: user.email })}</p>
      )}
      {freeUntil && sub.tier === 'elite' ? (
        <p className="confirmation__note">
          {t('subscription.freeYearGoesOn', { elite: TIER_LABELS.elite, until: freeUntil })}
        </p>
      ) : null}
      <p className="checkout__fineprint">
        {sub.renewsAt ? `${t('subscription.renewsMonthly')} ` : ''}
        {t('subscription.changeInSettings')}
        {sub.provider === 'demo' ? ` ${t('subscription.demoCharged')}` : ''}
      </p>
      <div className="checkout-state__actions">
        <Button asChild>
          <Link to={paths.home}>{t('subscription.startExploring')}</Link>
        </Button>
        <Button variant="outline" onClick={() => void router.navigate({ href: `${paths.settings}?tab=subscription` })}>
          {t('subscription.settingsPlan')}
        </Button>
      </div>
    </ConfirmationFrame>
  );
}

/** The payment has been applied: the subscription is active (on the plan bought, when the link names one). */
function confirmed(data: BillingView | undefined, tier: 'premium' | 'elite' | null): boolean {
  const sub = data?.subscription;
  return Boolean(sub && sub.status === 'active' && (tier === null || sub.tier === tier));
}

function ConfirmationFrame({ title, icon, children }: { title: string; icon?: boolean; children: ReactNode }) {
  return (
    <section className="checkout confirmation" aria-labelledby="confirmation-title">
      <div className="card checkout-state confirmation__card">
        {icon ? <CircleCheck size={40} className="confirmation__icon" aria-hidden="true" /> : null}
        <h1 id="confirmation-title" className="checkout-state__title">
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}
