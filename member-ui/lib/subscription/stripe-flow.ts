// Decisions of the checkout's Stripe mode, as pure functions (no Stripe.js import: the page's first screen and
// the tests stay free of it). The shapes below are the parts of Stripe.js's results the checkout reads.
import type { StripeElementLocale } from '@stripe/stripe-js';
import { DEFAULT_LANGUAGE, type Language, LANGUAGES } from '../../../contracts/i18n/languages';
import type { PaidTier } from './tiers';
import { currentIntl, translate } from '../../i18n/translate';

export type PaymentMode = 'demo' | 'stripe' | 'unavailable';

/** What GET /api/subscriptions says about the payment provider. */
export interface ProviderInfo {
  /** null: payments are not configured on this instance (no Stripe keys and not a demo) */
  provider: 'stripe' | 'demo' | null;
  publishableKey: string | null;
}

/** Stripe publishable keys: pk_test_… or pk_live_… (a secret key here would be a server misconfiguration). */
export function isPublishableKey(key: string | null | undefined): key is string {
  return typeof key === 'string' && /^pk_(test|live)_\w+$/.test(key);
}

/**
 * demo: the local card form; stripe: Stripe Elements with the catalogue's publishable key; unavailable: the
 * server takes no payments (not configured) or gave no usable Stripe publishable key. null while loading.
 */
export function paymentModeOf(catalogue: ProviderInfo | undefined): PaymentMode | null {
  if (!catalogue) return null;
  if (catalogue.provider === 'demo') return 'demo';
  if (catalogue.provider === null) return 'unavailable';
  return isPublishableKey(catalogue.publishableKey) ? 'stripe' : 'unavailable';
}

/**
 * Whether a client secret carried in the checkout link can be paid in this mode. Stripe's secrets are
 * "pi_…_secret_…"; a demo secret ("demo_pi_…") left over from before the keys were configured needs a new intent.
 * The demo mode keeps accepting any secret, as it always has.
 */
export function acceptsClientSecret(mode: PaymentMode | null, clientSecret: string): boolean {
  if (mode === 'stripe') return /^pi_[^_]+_secret_.+/.test(clientSecret);
  return true;
}

/**
 * The locale Stripe Elements are drawn in for each of the app's languages. Stripe has no Hindi or Tamil (its
 * supported locales, StripeElementLocale in @stripe/stripe-js), so those read English, the app's own default,
 * rather than 'auto', which follows the browser's language and could put a third language on a Hindi page.
 */
const STRIPE_LOCALES: Record<Language, StripeElementLocale> = { en: 'en', hi: 'en', ta: 'en' };

/** Stripe's `locale` for the app's current language (or `language`). */
export function stripeLocaleOf(language: Language = languageOfLocale(currentIntl().locale)): StripeElementLocale {
  return STRIPE_LOCALES[language];
}

function languageOfLocale(locale: string): Language {
  return LANGUAGES.find((l) => l.locale === locale)?.code ?? DEFAULT_LANGUAGE;
}

/** Where Stripe sends the member back after a redirect-based method (bank page, wallet, 3-D Secure redirect). */
export function stripeReturnUrl(origin: string, tier: PaidTier): string {
  return `${origin}/checkout?tier=${encodeURIComponent(tier)}&payment_intent_return=1`;
}

/** The query parameters Stripe adds to the return URL. */
export interface StripeReturn {
  paymentIntentId: string;
  clientSecret: string;
  /** Stripe's hint ("succeeded", "failed", …); the retrieved intent's status is what counts. */
  redirectStatus: string | null;
}

/**
 * The return from a redirect-based payment method, read from the raw query string ("?a=1&b=2"): Stripe adds
 * payment_intent and payment_intent_client_secret (the secret starts with the intent's id). null otherwise.
 */
export function stripeReturnOf(searchStr: string): StripeReturn | null {
  const params = new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr);
  const paymentIntentId = params.get('payment_intent');
  const clientSecret = params.get('payment_intent_client_secret');
  if (!paymentIntentId || !clientSecret) return null;
  if (!clientSecret.startsWith(`${paymentIntentId}_secret_`)) return null;
  return { paymentIntentId, clientSecret, redirectStatus: params.get('redirect_status') };
}

/** The parts of Stripe.js's PaymentIntentResult ({paymentIntent} or {error}) the checkout reads. */
export interface IntentResultLike {
  error?: { type?: string; code?: string; message?: string } | undefined;
  paymentIntent?:
    | {
        id: string;
        status: string;
        last_payment_error?: { message?: string } | null;
      }
    | undefined;
}

/** What to do next with a Stripe result. */
export type StripeStep =
  | { kind: 'complete'; paymentIntentId: string }
  | { kind: 'processing' }
  | { kind: 'failed'; message: string }
  | { kind: 'unexpected' };

/** What a failed payment says when Stripe gives no message of its own, in the app's language. */
export const stripeFailedDefault = (): string => translate('subscription.stripeFailed');

/** The intent's own status: succeeded → complete; processing → processing; otherwise it was not paid. */
function stepOfIntent(intent: NonNullable<IntentResultLike['paymentIntent']>): StripeStep {
  switch (intent.status) {
    case 'succeeded':
      return { kind: 'complete', paymentIntentId: intent.id };
    // Bank debits and some wallets settle later; the server (webhook or a later completion) applies the plan.
    // requires_capture never happens with automatic capture, but the money is held: not a failure either.
    case 'processing':
    case 'requires_capture':
      return { kind: 'processing' };
    default:
      // requires_payment_method (declined, or the redirect was abandoned), requires_action, canceled, …
      return { kind: 'failed', message: intent.last_payment_error?.message || stripeFailedDefault() };
  }
}

/**
 * After stripe.confirmPayment({ redirect: 'if_required' }): an error (declined card, incomplete fields,
 * failed authentication) is "Payment Failed" with Stripe's message; otherwise the intent's status decides.
 */
export function stepAfterConfirm(result: IntentResultLike): StripeStep {
  if (result.error) return { kind: 'failed', message: result.error.message || stripeFailedDefault() };
  if (!result.paymentIntent) return { kind: 'unexpected' };
  return stepOfIntent(result.paymentIntent);
}

/**
 * After stripe.retrievePaymentIntent(clientSecret) on the return from a redirect: an error here is about
 * reading the intent (network, unknown secret), not about the payment, so it is unexpected rather than failed.
 * An intent other than the one in the URL is unexpected too.
 */
export function stepAfterReturn(result: IntentResultLike, expected: StripeReturn): StripeStep {
  if (result.error || !result.paymentIntent) return { kind: 'unexpected' };
  if (result.paymentIntent.id !== expected.paymentIntentId) return { kind: 'unexpected' };
  return stepOfIntent(result.paymentIntent);
}

export type PaymentOutcome = 'completed' | 'processing' | 'signed-out';

/**
 * POST /api/subscriptions/{userId}/complete failed with this HTTP status: 402 means the intent has not
 * succeeded yet ("Payment Processing"); 401 means the session ended. null: any other failure (Payment Error).
 */
export function outcomeOfCompleteFailure(status: number | undefined): Exclude<PaymentOutcome, 'completed'> | null {
  if (status === 402) return 'processing';
  if (status === 401) return 'signed-out';
  return null;
}
