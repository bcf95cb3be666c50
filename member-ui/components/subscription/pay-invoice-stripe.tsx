import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentIntentResult } from '@stripe/stripe-js';
import { Suspense, lazy } from 'react';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { toast } from '../ui/toast';
import { api, isApiError } from '../../lib/api-client';
import { sessionQueryKey } from '../../lib/session';
import { billingQueryKey } from '../../lib/subscription/billing';
import { stepAfterConfirm } from '../../lib/subscription/stripe-flow';
import { formatPrice } from '../../lib/subscription/tiers';
import { PAYMENT_TEXTS } from '../../lib/subscription/toasts';
import { useT } from '../../i18n/use-t';
import { translate } from '../../i18n/translate';

// Stripe.js and the Payment Element load only when a past-due member chooses to pay here.
const StripePaymentForm = lazy(() => import('../../features/subscription/components/stripe-payment').then((module) => ({ default: module.StripePaymentForm })));

/** POST /api/subscriptions/{userId}/pay with Stripe: the open renewal invoice's PaymentIntent to confirm. */
interface InvoicePayment {
  provider: 'stripe';
  invoiceId: string;
  clientSecret: string;
  paymentIntentId: string;
  amount: string;
  currency: string;
}

/**
 * A failed Stripe renewal paid with another card, in the app: the open invoice's PaymentIntent is confirmed
 * through the Payment Element (the checkout's flow). Stripe's webhooks then mark the invoice paid and the
 * subscription active; the live stream refreshes this page when they arrive.
 */
export function PayInvoiceWithStripe({ userId, publishableKey }: { userId: number; publishableKey: string }) {
  const queryClient = useQueryClient();
  const t = useT();
  const open = useMutation({
    mutationFn: () => api.post<InvoicePayment>(`/api/subscriptions/${userId}/pay`, { json: {} }),
    onError: (error) => toast({ title: translate(PAYMENT_TEXTS.setupErrorTitle), description: (isApiError(error) && error.serverMessage) || translate(PAYMENT_TEXTS.setupErrorText), variant: 'destructive' }),
  });
  const confirm = useMutation({
    mutationFn: async (run: () => Promise<PaymentIntentResult>) => stepAfterConfirm(await run()),
    onSuccess: async (step) => {
      if (step.kind === 'failed') {
        toast({ title: translate(PAYMENT_TEXTS.failedTitle), description: step.message, variant: 'destructive' });
        return;
      }
      if (step.kind === 'unexpected') {
        toast({ title: translate(PAYMENT_TEXTS.paymentErrorTitle), description: translate(PAYMENT_TEXTS.paymentErrorText), variant: 'destructive' });
        return;
      }
      toast(
        step.kind === 'complete'
          ? { title: translate('subscription.paymentReceived'), description: translate('subscription.planContinuesStripe'), variant: 'success' }
          : { title: translate(PAYMENT_TEXTS.processingTitle), description: translate(PAYMENT_TEXTS.processingText) },
      );
      open.reset();
      await queryClient.invalidateQueries({ queryKey: billingQueryKey(userId) });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    onError: () => toast({ title: translate(PAYMENT_TEXTS.paymentErrorTitle), description: translate(PAYMENT_TEXTS.paymentErrorText), variant: 'destructive' }),
  });

  if (!open.data) {
    return (
      <Button onClick={() => open.mutate()} disabled={open.isPending}>
        {open.isPending ? t('subscription.openingForm') : t('subscription.payAnotherCard')}
      </Button>
    );
  }
  return (
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
        clientSecret={open.data.clientSecret}
        returnUrl={`${window.location.origin}/settings?tab=subscription`}
        submitLabel={t('subscription.payAmountNow', { amount: formatPrice(open.data.amount, open.data.currency) })}
        processing={confirm.isPending}
        onPay={(run) => confirm.mutate(run)}
      />
    </Suspense>
  );
}
