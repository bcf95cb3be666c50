import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, Navigate, useRouter, useRouterState } from '@tanstack/react-router';
import Check from 'lucide-react/icons/check';
import CircleAlert from 'lucide-react/icons/circle-alert';
import Crown from 'lucide-react/icons/crown';
import Gem from 'lucide-react/icons/gem';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { SessionUser } from '../../../../contracts/auth';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { sessionQueryKey, useSessionUser } from '../../../lib/session';
import { postCompleteSubscription, postDemoConfirm } from '../api/confirm-payment';
import { type PaymentSetup, paymentIntentIdOf, postPaymentSetup } from '../api/payment-setup';
import { type PlanView, useSubscriptionCatalogue } from '../../../lib/subscription/subscription-catalogue';
import { DemoCardForm } from '../components/demo-card-form';
import type { CardValues } from '../../../lib/subscription/card-input';
import {
  acceptsClientSecret,
  type IntentResultLike,
  outcomeOfCompleteFailure,
  type PaymentOutcome,
  paymentModeOf,
  type StripeReturn,
  stepAfterConfirm,
  stepAfterReturn,
  stripeReturnOf,
  stripeReturnUrl,
} from '../../../lib/subscription/stripe-flow';
import { PAYMENT_TEXTS } from '../../../lib/subscription/toasts';
import { TIER_LABELS } from '../../../../contracts/tiers';
import { formatPlanDate, formatPrice, isPaidTier, type PaidTier, renewalText } from '../../../lib/subscription/tiers';
import { billingQueryKey, useBilling } from '../../../lib/subscription/billing';
import { useT } from '../../../i18n/use-t';
import { translate } from '../../../i18n/translate';

// By id, not by importing the route object: the route file lazy-loads this page, so an import would be a cycle.
const checkoutRoute = getRouteApi('/member/checkout');

/** The demo payment step waits 2 seconds; tests shorten it. */
export const demoPaymentSettings = { delayMs: 2000 };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Stripe Elements load only in Stripe mode, in their own chunk: neither the first screen nor the demo mode pays
// for Stripe.js.
const StripePaymentForm = lazy(() =>
  import('../components/stripe-payment').then((module) => ({ default: module.StripePaymentForm })),
);
const StripeReturnCheck = lazy(() =>
  import('../components/stripe-payment').then((module) => ({ default: module.StripeReturnCheck })),
);

/**
 * /checkout?tier&client_secret&price.
 * Without a client secret, tier and price it asks the server for a payment intent (tier defaults to premium).
 */
export function CheckoutPage() {
  const user = useSessionUser();
  const search = checkoutRoute.useSearch();
  if (!user) return null;
  // Moving down to tryme never goes through checkout: the plans page asks the member to confirm it first.
  if (search.tier === 'tryme') return <Navigate to={paths.subscription} replace />;
  const tier: PaidTier = isPaidTier(search.tier) ? search.tier : 'premium';
  const given =
    search.tier === tier && search.client_secret && search.price && paymentIntentIdOf(search.client_secret)
      ? { clientSecret: search.client_secret, price: search.price }
      : null;
  return <Checkout key={tier} user={user} tier={tier} given={given} />;
}

/** One Stripe step for the page to decide on: a confirmPayment from the form, or a retrieve after a redirect. */
type StripeAttempt =
  | { source: 'confirm'; run: () => Promise<IntentResultLike> }
  | { source: 'return'; run: () => Promise<IntentResultLike>; expected: StripeReturn };

function Checkout({
  user,
  tier,
  given,
}: {
  user: SessionUser;
  tier: PaidTier;
  given: { clientSecret: string; price: string } | null;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const catalogue = useSubscriptionCatalogue();
  const billing = useBilling(user.id);
  const freeUntil = formatPlanDate(billing.data?.freePremiumUntil);
  const tierLabel = TIER_LABELS[tier];
  const plan = catalogue.data?.plans.find((entry) => entry.tier === tier);
  const t = useT();

  const mode = paymentModeOf(catalogue.data);
  const publishableKey = mode === 'stripe' ? (catalogue.data?.publishableKey ?? null) : null;
  // Back from a redirect-based Stripe method: Stripe added payment_intent and payment_intent_client_secret.
  // (The route's search schema keeps only tier, client_secret and price, so the raw query string is read.)
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const stripeReturn = useMemo(() => (mode === 'stripe' ? stripeReturnOf(searchStr) : null), [mode, searchStr]);
  const link = given && acceptsClientSecret(mode, given.clientSecret) ? given : null;

  function sendToSignIn() {
    toast({ title: translate(PAYMENT_TEXTS.authTitle), description: translate(PAYMENT_TEXTS.authText), variant: 'destructive' });
    // Signed out first, so /login does not bounce a still-cached member straight back here.
    queryClient.setQueryData(sessionQueryKey, null);
    // Back from a Stripe redirect, the member returns to the same URL after signing in so the payment completes.
    const redirectTo = stripeReturn ? `${paths.checkout}${searchStr}` : `${paths.checkout}?tier=${tier}`;
    void router.navigate({ to: paths.auth, search: { redirectTo }, replace: true });
  }

  const setup = useMutation({
    mutationFn: async (): Promise<PaymentSetup> => {
      const answer = await postPaymentSetup(user.id, tier);
      if (!answer.clientSecret) throw new MissingClientSecret();
      return answer;
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return sendToSignIn();
      if (error instanceof MissingClientSecret || isApiError(error)) {
        const description = (isApiError(error) && error.serverMessage) || translate(PAYMENT_TEXTS.setupFailedDefault);
        toast({ title: translate(PAYMENT_TEXTS.setupFailedTitle), description, variant: 'destructive' });
        return;
      }
      toast({ title: translate(PAYMENT_TEXTS.errorTitle), description: translate(PAYMENT_TEXTS.errorText), variant: 'destructive' });
    },
  });

  // One payment intent per visit; the ref also keeps React's dev double-effects from creating two.
  const setupStarted = useRef(false);
  const needsSetup = link === null && (mode === 'demo' || (mode === 'stripe' && stripeReturn === null));
  useEffect(() => {
    if (!needsSetup || setupStarted.current) return;
    setupStarted.current = true;
    setup.mutate();
  }, [needsSetup, setup]);

  const catalogueFailed = catalogue.isError;
  useEffect(() => {
    if (catalogueFailed) {
      toast({ title: translate(PAYMENT_TEXTS.setupErrorTitle), description: translate(PAYMENT_TEXTS.setupErrorText), variant: 'destructive' });
    }
  }, [catalogueFailed]);

  const intent = link
    ? { clientSecret: link.clientSecret, paymentIntentId: paymentIntentIdOf(link.clientSecret) ?? '', price: link.price }
    : setup.data?.clientSecret
      ? { clientSecret: setup.data.clientSecret, paymentIntentId: setup.data.paymentIntentId, price: setup.data.price }
      : null;
  // The server's figure wins over a price carried in the link: it is what the payment is for.
  const price = setup.data?.price ?? plan?.price ?? link?.price ?? null;

  /** The completion call shared by both providers: 402 = not succeeded yet, 401 = session ended. */
  async function completeSubscription(paymentIntentId: string): Promise<PaymentOutcome> {
    try {
      await postCompleteSubscription(user.id, tier, paymentIntentId);
    } catch (error) {
      const outcome = isApiError(error) ? outcomeOfCompleteFailure(error.status) : null;
      if (outcome) return outcome;
      throw error;
    }
    return 'completed';
  }

  /** `replace`: a Stripe return URL is left out of the history, so Back does not complete the payment again. */
  async function finishPayment(outcome: PaymentOutcome, replace = false) {
    // The member leaves checkout: while the next screen loads, this one must not start another payment (a Stripe
    // return URL gives way to one without the return parameters).
    setupStarted.current = true;
    if (outcome === 'signed-out') return sendToSignIn();
    if (outcome === 'processing') {
      toast({ title: translate(PAYMENT_TEXTS.processingTitle), description: translate(PAYMENT_TEXTS.processingText) });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      await router.navigate({ to: paths.home, replace });
      return;
    }
    suppressHomeWelcomeToast();
    // The new tier unlocks screens at once (who liked you, unlimited messages, advanced filters).
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    await queryClient.invalidateQueries({ queryKey: billingQueryKey(user.id) });
    // The confirmation says what was bought; replacing the checkout in the history, so Back does not start another.
    await router.navigate({ to: paths.subscriptionConfirmed, search: { tier }, replace: true });
  }

  function reportPaymentError(error: Error) {
    if (error instanceof PaymentDeclined) {
      toast({ title: translate(PAYMENT_TEXTS.failedTitle), description: error.message, variant: 'destructive' });
      return;
    }
    const description = (isApiError(error) && error.serverMessage) || translate(PAYMENT_TEXTS.paymentErrorText);
    toast({ title: translate(PAYMENT_TEXTS.paymentErrorTitle), description, variant: 'destructive' });
  }

  const payment = useMutation({
    mutationFn: async (card: CardValues): Promise<PaymentOutcome> => {
      if (!intent) throw new Error('No payment intent');
      await wait(demoPaymentSettings.delayMs);
      let status: string;
      try {
        status = (await postDemoConfirm(intent.paymentIntentId, intent.clientSecret, card)).status;
      } catch (error) {
        if (isApiError(error) && error.status === 401) return 'signed-out';
        if (isApiError(error)) throw new PaymentDeclined(error.serverMessage ?? translate('subscription.cardNotCharged'));
        throw error;
      }
      if (status !== 'succeeded') return 'processing';
      return completeSubscription(intent.paymentIntentId);
    },
    onSuccess: (outcome) => finishPayment(outcome),
    onError: reportPaymentError,
  });

  // Stripe mode: the form (or the redirect return) hands over one Stripe call; its result decides the next step.
  const stripePayment = useMutation({
    mutationFn: async (attempt: StripeAttempt): Promise<PaymentOutcome> => {
      const result = await attempt.run();
      const step = attempt.source === 'confirm' ? stepAfterConfirm(result) : stepAfterReturn(result, attempt.expected);
      if (step.kind === 'failed') throw new PaymentDeclined(step.message);
      if (step.kind === 'unexpected') throw new Error('Stripe answered without a usable payment intent');
      if (step.kind === 'processing') return 'processing';
      return completeSubscription(step.paymentIntentId);
    },
    onSuccess: (outcome, attempt) => finishPayment(outcome, attempt.source === 'return'),
    onError: (error, attempt) => {
      reportPaymentError(error);
      // A payment that did not go through after a redirect: back to a fresh checkout for another try. Other
      // failures keep the return URL, so "Try Again" asks Stripe once more instead of charging anew.
      if (attempt.source === 'return' && error instanceof PaymentDeclined) {
        void router.navigate({ to: paths.checkout, search: { tier }, replace: true });
      }
    },
  });
  // Each "Try Again" after a failed check of a redirect return mounts a new check.
  const [returnAttempt, setReturnAttempt] = useState(0);

  const preparing =
    catalogue.isPending || ((mode === 'demo' || (mode === 'stripe' && !stripeReturn)) && !intent && !setup.isError);

  if (preparing) {
    return (
      <section className="checkout checkout--preparing" aria-labelledby="checkout-preparing" aria-busy="true">
        <div className="card checkout-state" role="status">
          <Spinner size={36} />
          <h1 id="checkout-preparing" className="checkout-state__title">
            {t('subscription.preparing')}
          </h1>
          <p className="checkout-state__text">{t('subscription.preparingText', { plan: tierLabel })}</p>
        </div>
      </section>
    );
  }

  if (catalogue.isError || setup.isError) {
    return (
      <section className="checkout" aria-labelledby="checkout-error">
        <div className="card checkout-state" role="alert">
          <CircleAlert size={36} className="checkout-state__icon" aria-hidden="true" />
          <h1 id="checkout-error" className="checkout-state__title">
            {t('subscription.startFailed')}
          </h1>
          <p className="checkout-state__text">{t('subscription.startFailedText')}</p>
          <div className="checkout-state__actions">
            <Button
              onClick={() => {
                if (catalogue.isError) void catalogue.refetch();
                else setup.mutate();
              }}
            >
              <RefreshCw size={16} aria-hidden="true" />
              {t('error.tryAgain')}
            </Button>
            <Button asChild variant="ghost">
              <Link to={paths.subscription}>{t('subscription.backToPlans')}</Link>
            </Button>
          </div>
        </div>
      </section>
    );
  }

  if (stripeReturn && publishableKey) {
    const checkFailed = stripePayment.isError && !(stripePayment.error instanceof PaymentDeclined);
    return (
      <section className="checkout" aria-labelledby="checkout-return">
        <div className="card checkout-state" role={checkFailed ? 'alert' : 'status'}>
          {checkFailed ? (
            <CircleAlert size={36} className="checkout-state__icon" aria-hidden="true" />
          ) : (
            <Spinner size={36} />
          )}
          <h1 id="checkout-return" className="checkout-state__title">
            {checkFailed ? t('subscription.confirmFailed') : t('subscription.confirmingPayment')}
          </h1>
          <p className="checkout-state__text">
            {checkFailed
              ? t('subscription.confirmFailedText')
              : t('subscription.checkingStripe', { plan: tierLabel })}
          </p>
          {checkFailed ? (
            <div className="checkout-state__actions">
              <Button
                onClick={() => {
                  stripePayment.reset();
                  setReturnAttempt((n) => n + 1);
                }}
              >
                <RefreshCw size={16} aria-hidden="true" />
                {t('error.tryAgain')}
              </Button>
              <Button asChild variant="ghost">
                <Link to={paths.subscription}>{t('subscription.backToPlans')}</Link>
              </Button>
            </div>
          ) : null}
        </div>
        <Suspense fallback={null}>
          <StripeReturnCheck
            key={returnAttempt}
            publishableKey={publishableKey}
            clientSecret={stripeReturn.clientSecret}
            onRetrieve={(retrieve) => stripePayment.mutate({ source: 'return', run: retrieve, expected: stripeReturn })}
          />
        </Suspense>
      </section>
    );
  }

  const priceText = price ? t('plan.perMonth', { price: formatPrice(price, plan?.currency) }) : '';
  const submitLabel = t('subscription.subscribe', { plan: tierLabel, price: priceText });

  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <header className="checkout__header">
        <h1 id="checkout-title" className="page__title">
          {t('subscription.completeTitle')}
        </h1>
        <p className="page__subtitle">{t('subscription.subscribingTo', { plan: tierLabel, price: priceText })}</p>
      </header>

      {plan ? <OrderSummary plan={plan} priceText={priceText} /> : null}
      {freeUntil && tier === 'elite' ? (
        <p className="checkout__free-year" role="note">
          {t('subscription.freeYearKept', { plan: tierLabel, until: freeUntil })}
        </p>
      ) : null}

      {mode === 'demo' && intent ? (
        <DemoCardForm
          submitLabel={submitLabel}
          processing={payment.isPending}
          onSubmit={(card) => payment.mutate(card)}
        />
      ) : mode === 'stripe' && publishableKey && intent ? (
        <Suspense
          fallback={
            <div className="stripe-form__loading" role="status">
              <Spinner size={24} />
              <span>{t('subscription.loadingForm')}</span>
            </div>
          }
        >
          <StripePaymentForm
            publishableKey={publishableKey}
            clientSecret={intent.clientSecret}
            returnUrl={stripeReturnUrl(window.location.origin, tier)}
            submitLabel={submitLabel}
            processing={stripePayment.isPending}
            onPay={(confirm) => stripePayment.mutate({ source: 'confirm', run: confirm })}
          />
        </Suspense>
      ) : (
        <div className="card checkout-notice" role="alert">
          <CircleAlert size={22} aria-hidden="true" className="checkout-notice__icon" />
          <div>
            <p className="checkout-notice__title">{translate(PAYMENT_TEXTS.setupErrorTitle)}</p>
            <p className="checkout-notice__text">{translate(PAYMENT_TEXTS.setupErrorText)}</p>
          </div>
        </div>
      )}

      <p className="checkout__fineprint">
        {renewalText(catalogue.data?.provider)}
      </p>
    </section>
  );
}

function OrderSummary({ plan, priceText }: { plan: PlanView; priceText: string }) {
  const Icon = plan.tier === 'elite' ? Gem : Crown;
  const t = useT();
  return (
    <div className={`order-summary order-summary--${plan.tier}`}>
      <div className="order-summary__head">
        <span className="order-summary__icon" aria-hidden="true">
          <Icon size={18} />
        </span>
        <p className="order-summary__name">{t('subscription.planName', { plan: plan.name })}</p>
        <p className="order-summary__price">{priceText}</p>
      </div>
      <ul className="order-summary__features" aria-label={t('subscription.includes', { plan: plan.name })}>
        {plan.features.slice(0, 3).map((feature) => (
          <li key={feature}>
            <Check size={14} aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Home greets premium members with a once-per-session welcome toast; right after paying, the confirmation screen
 * has already welcomed them, so home does not again. (The key is home's `PREMIUM_WELCOME_FLAG`; features do not
 * import each other.)
 */
function suppressHomeWelcomeToast() {
  try {
    window.sessionStorage.setItem('shownPremiumWelcome', 'true');
  } catch {
    // No session storage: home may welcome them a second time; the upgrade itself is done.
  }
}

class MissingClientSecret extends Error {
  constructor() {
    super('The server answered without a client secret');
    this.name = 'MissingClientSecret';
  }
}

class PaymentDeclined extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentDeclined';
  }
}
