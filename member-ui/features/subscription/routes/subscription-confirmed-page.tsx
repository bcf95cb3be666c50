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
  if (billing.isError) {
    return (
      <ConfirmationFrame title="Payment received" icon>
        <p className="checkout-state__text">We couldn't load your plan just now. Settings → Plan shows it, with your receipt.</p>
      </ConfirmationFrame>
    );
  }
  if (!billing.data || !sub || !confirmed(billing.data, tier)) {
    return (
      <section className="checkout checkout--preparing" aria-labelledby="confirmation-title" aria-busy="true">
        <div className="card checkout-state" role="status">
          <Spinner size={36} />
          <h1 id="confirmation-title" className="checkout-state__title">
            Confirming your payment
          </h1>
          <p className="checkout-state__text">Your plan starts as soon as the payment is confirmed. This takes a moment.</p>
        </div>
      </section>
    );
  }
  const paid = billing.data.invoices.find((i) => i.status === 'paid' && i.tier === sub.tier);
  const freeUntil = formatPlanDate(billing.data.freePremiumUntil);
  return (
    <ConfirmationFrame title={`You're on ${sub.planName}`} icon>
      <p className="checkout-state__text">Thank you: your payment was received and your plan is active.</p>
      <dl className="confirmation__facts">
        <div>
          <dt>Plan</dt>
          <dd>
            {sub.planName}
            {sub.price ? ` · ${formatPrice(sub.price, sub.currency ?? 'usd')} / month` : ''}
          </dd>
        </div>
        {paid ? (
          <div>
            <dt>Paid today</dt>
            <dd>{formatPrice(paid.amount, paid.currency)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{sub.renewsAt ? 'Renews on' : 'Ends on'}</dt>
          <dd>{formatPlanDate(sub.renewsAt ?? sub.endsAt)}</dd>
        </div>
        {sub.paymentMethod ? (
          <div>
            <dt>Card</dt>
            <dd>
              {sub.paymentMethod.brand ?? 'Card'} ending in {sub.paymentMethod.last4}
            </dd>
          </div>
        ) : null}
      </dl>
      {paid?.receiptUrl ? (
        <a className="confirmation__receipt" href={paid.receiptUrl} target="_blank" rel="noreferrer">
          View your receipt <ExternalLink size={14} aria-hidden="true" />
        </a>
      ) : (
        <p className="checkout-state__text">Your receipt is on its way to {user.email}.</p>
      )}
      {freeUntil && sub.tier === 'elite' ? (
        <p className="confirmation__note">
          Your free Premium year goes on: when {TIER_LABELS.elite} ends, you're back on Premium until {freeUntil}.
        </p>
      ) : null}
      <p className="checkout__fineprint">
        {sub.renewsAt ? `It renews every month until you cancel. ` : ''}Change or cancel your plan in Settings → Plan.
        {sub.provider === 'demo' ? ' Demo payment: no card was charged.' : ''}
      </p>
      <div className="checkout-state__actions">
        <Button asChild>
          <Link to={paths.home}>Start exploring</Link>
        </Button>
        <Button variant="outline" onClick={() => void router.navigate({ href: `${paths.settings}?tab=subscription` })}>
          Settings → Plan
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
