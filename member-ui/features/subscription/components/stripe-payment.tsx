// Stripe Elements for the checkout's Stripe mode. The checkout page imports this module lazily and only in
// Stripe mode, so Stripe.js (and @stripe/react-stripe-js) stay out of the first screen and of the demo mode.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The "pure" entry: importing it does not inject the Stripe.js script; loadStripe() does, when called.
import type { Appearance, PaymentIntentResult, Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import CircleAlert from 'lucide-react/icons/circle-alert';
import Lock from 'lucide-react/icons/lock';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { stripeLocaleOf } from '../../../lib/subscription/stripe-flow';
import { PAYMENT_TEXTS } from '../../../lib/subscription/toasts';
import { useT } from '../../../i18n/use-t';
import { translate } from '../../../i18n/translate';

/** How Stripe.js is loaded; tests replace `load` with a fake Stripe object. */
export const stripeLoader = { load: (publishableKey: string): Promise<Stripe | null> => loadStripe(publishableKey) };

// One Stripe instance per publishable key for the whole visit (Stripe.js must not be initialised per render).
const instances = new Map<string, Promise<Stripe>>();
// The loaded ones, so a form mounting again (new intent, retry) shows at once instead of a loading flash.
const loadedInstances = new Map<string, Stripe>();

function stripeFor(publishableKey: string): Promise<Stripe> {
  let instance = instances.get(publishableKey);
  if (!instance) {
    instance = stripeLoader.load(publishableKey).then((stripe): Stripe => {
      if (!stripe) throw new Error('Stripe.js is not available here');
      loadedInstances.set(publishableKey, stripe);
      return stripe;
    });
    instances.set(publishableKey, instance);
    // A failed load (offline, blocked script) may be retried later.
    instance.catch(() => instances.delete(publishableKey));
  }
  return instance;
}

type StripeLoad = { state: 'loading' } | { state: 'ready'; stripe: Stripe } | { state: 'failed' };

function loadedNow(publishableKey: string): StripeLoad {
  const stripe = loadedInstances.get(publishableKey);
  return stripe ? { state: 'ready', stripe } : { state: 'loading' };
}

function useStripeInstance(publishableKey: string, attempt: number): StripeLoad {
  const [load, setLoad] = useState<StripeLoad>(() => loadedNow(publishableKey));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load after a failure.
  useEffect(() => {
    let current = true;
    const now = loadedNow(publishableKey);
    setLoad((previous) => (previous.state === now.state ? previous : now));
    if (now.state === 'ready') return;
    stripeFor(publishableKey).then(
      (stripe) => current && setLoad({ state: 'ready', stripe }),
      () => current && setLoad({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [publishableKey, attempt]);
  return load;
}

/**
 * The Payment Element in Saathi's colours. Stripe draws it inside its own iframe, so CSS variables do not
 * reach it: the values are the design tokens' (member-ui/styles/tokens.css).
 */
const APPEARANCE: Appearance = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#7a1f3d',
    colorBackground: '#ffffff',
    colorText: '#2b1a1f',
    colorTextSecondary: '#6e5a60',
    colorTextPlaceholder: '#9a878d',
    colorDanger: '#c53030',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', Arial, sans-serif",
    borderRadius: '12px',
    spacingUnit: '4px',
  },
  rules: {
    '.Input': { borderColor: '#d9c5b9', boxShadow: 'none' },
    '.Input:focus': { borderColor: '#7a1f3d', boxShadow: '0 0 0 3px rgba(122, 31, 61, 0.18)' },
    '.Label': { fontWeight: '600' },
  },
};

const PAYMENT_ELEMENT_OPTIONS = { layout: 'tabs' } as const;

function LoadFailed({ onRetry }: { onRetry?: () => void }) {
  const t = useT();
  return (
    <div className="card checkout-notice" role="alert">
      <CircleAlert size={22} aria-hidden="true" className="checkout-notice__icon" />
      <div>
        <p className="checkout-notice__title">{translate(PAYMENT_TEXTS.setupErrorTitle)}</p>
        <p className="checkout-notice__text">{translate(PAYMENT_TEXTS.setupErrorText)}</p>
        {onRetry ? (
          <Button variant="secondary" size="sm" className="stripe-form__retry" onClick={onRetry}>
            <RefreshCw size={16} aria-hidden="true" />
            {t('error.tryAgain')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function Loading() {
  const t = useT();
  return (
    <div className="stripe-form__loading" role="status">
      <Spinner size={24} />
      <span>{t('subscription.loadingForm')}</span>
    </div>
  );
}

/**
 * Runs one payment attempt: the page's handler calls `confirm` (Stripe's confirmPayment) and decides what the
 * result means, so the decisions stay out of this Stripe-bound module.
 */
export type ConfirmRunner = (confirm: () => Promise<PaymentIntentResult>) => void;

export function StripePaymentForm({
  publishableKey,
  clientSecret,
  returnUrl,
  submitLabel,
  processing,
  onPay,
}: {
  publishableKey: string;
  clientSecret: string;
  returnUrl: string;
  submitLabel: string;
  processing: boolean;
  onPay: ConfirmRunner;
}) {
  const [attempt, setAttempt] = useState(0);
  const load = useStripeInstance(publishableKey, attempt);
  // In the member's language as far as Stripe speaks it (stripeLocaleOf).
  const locale = stripeLocaleOf();
  const options = useMemo(() => ({ clientSecret, appearance: APPEARANCE, locale }), [clientSecret, locale]);
  if (load.state === 'failed') return <LoadFailed onRetry={() => setAttempt((n) => n + 1)} />;
  if (load.state === 'loading') return <Loading />;
  return (
    // The client secret is fixed for the life of <Elements>: a new intent gets a new provider.
    <Elements key={clientSecret} stripe={load.stripe} options={options}>
      <PaymentForm returnUrl={returnUrl} submitLabel={submitLabel} processing={processing} onPay={onPay} />
    </Elements>
  );
}

function PaymentForm({
  returnUrl,
  submitLabel,
  processing,
  onPay,
}: {
  returnUrl: string;
  submitLabel: string;
  processing: boolean;
  onPay: ConfirmRunner;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const t = useT();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || !ready || processing) return;
    onPay(() => stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } }));
  }

  if (loadError) return <LoadFailed />;

  return (
    <form className="card-form stripe-form" onSubmit={submit} noValidate aria-label={t('subscription.paymentDetails')} aria-busy={processing}>
      <div className="stripe-form__element">
        {ready ? null : <Loading />}
        {/* Stripe's iframe has no height until it has loaded; the loading line stands in until then. */}
        <PaymentElement
          options={PAYMENT_ELEMENT_OPTIONS}
          onReady={() => setReady(true)}
          onLoadError={() => setLoadError(true)}
        />
      </div>

      <Button type="submit" block disabled={processing || !ready || !stripe || !elements} className="card-form__submit">
        {processing ? (
          <>
            <Spinner size={18} className="card-form__spinner" />
            {t('subscription.processingPayment')}
          </>
        ) : (
          submitLabel
        )}
      </Button>
      <p className="stripe-form__secure">
        <Lock size={14} aria-hidden="true" />
        {t('subscription.stripeSecure')}
      </p>
    </form>
  );
}

export type RetrieveRunner = (retrieve: () => Promise<PaymentIntentResult>) => void;

/**
 * Back from a redirect-based method: loads Stripe.js and hands the page one retrievePaymentIntent call.
 * Renders nothing while it works (the page shows its own state), or the setup error when Stripe.js fails.
 */
export function StripeReturnCheck({
  publishableKey,
  clientSecret,
  onRetrieve,
}: {
  publishableKey: string;
  clientSecret: string;
  onRetrieve: RetrieveRunner;
}) {
  const [attempt, setAttempt] = useState(0);
  const load = useStripeInstance(publishableKey, attempt);
  // Once per mount, also under React's development double effects.
  const started = useRef(false);
  const stripe = load.state === 'ready' ? load.stripe : null;
  useEffect(() => {
    if (!stripe || started.current) return;
    started.current = true;
    onRetrieve(() => stripe.retrievePaymentIntent(clientSecret));
  }, [stripe, clientSecret, onRetrieve]);
  if (load.state === 'failed') return <LoadFailed onRetry={() => setAttempt((n) => n + 1)} />;
  return null;
}
