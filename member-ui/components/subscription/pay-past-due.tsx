import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { toast } from '../ui/toast';
import { api, isApiError } from '../../lib/api-client';
import { sessionQueryKey } from '../../lib/session';
import { type BillingView, billingQueryKey } from '../../lib/subscription/billing';
import { type CardValues, DEMO_TEST_CARD, EMPTY_CARD, formatCardNumber, formatCvc, formatExpiry, validateCard } from '../../lib/subscription/card-input';
import { formatPrice } from '../../lib/subscription/tiers';
import { useT } from '../../i18n/use-t';
import { translate } from '../../i18n/translate';
import { FormattedMessage } from 'react-intl';

/**
 * A failed renewal paid with another card (demo provider): the open invoice is charged at once. The form says
 * how much, and (no real card being charged) which test card pays.
 */
export function PayPastDue({ userId, due }: { userId: number; due: { amount: string; currency: string } | null }) {
  const queryClient = useQueryClient();
  const t = useT();
  const [values, setValues] = useState<CardValues>(EMPTY_CARD);
  const [errors, setErrors] = useState<Partial<Record<keyof CardValues, string>>>({});
  const pay = useMutation({
    mutationFn: (card: CardValues) => api.post<BillingView>(`/api/subscriptions/${userId}/pay`, { json: card }),
    onSuccess: async (view) => {
      queryClient.setQueryData(billingQueryKey(userId), view);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      toast({ title: translate('subscription.paymentReceived'), description: translate('subscription.planContinues'), variant: 'success' });
    },
    onError: (error) => toast({ title: translate('subscription.failedTitle'), description: (isApiError(error) && error.serverMessage) || translate('error.tryAgainText'), variant: 'destructive' }),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateCard(values);
    setErrors(found ?? {});
    if (!found) pay.mutate(values);
  }
  const set = (field: keyof CardValues, format: (v: string) => string) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: format(e.target.value) }));
  return (
    <form className="pay-past-due" onSubmit={submit} noValidate aria-label={t('subscription.payAnotherCard')}>
      <p className="pay-past-due__title">
        <strong>{due ? t('subscription.payAmountAnotherCard', { amount: formatPrice(due.amount, due.currency) }) : t('subscription.payAnotherCard')}</strong>
        <span className="pay-past-due__hint">
          <FormattedMessage id="subscription.demoPastDue" values={{ card: DEMO_TEST_CARD, mono: (chunks) => <span className="card-form__mono">{chunks}</span> }} />
        </span>
      </p>
      <TextField label={t('subscription.cardNumber')} inputMode="numeric" autoComplete="cc-number" value={values.cardNumber} onChange={set('cardNumber', formatCardNumber)} error={errors.cardNumber} />
      <div className="pay-past-due__row">
        <TextField label={t('subscription.expiry')} inputMode="numeric" autoComplete="cc-exp" value={values.expiry} onChange={set('expiry', formatExpiry)} error={errors.expiry} />
        <TextField label={t('subscription.cvc')} inputMode="numeric" autoComplete="cc-csc" value={values.cvc} onChange={set('cvc', formatCvc)} error={errors.cvc} />
      </div>
      <TextField label={t('subscription.nameOnCard')} autoComplete="cc-name" value={values.name} onChange={set('name', (v) => v)} error={errors.name} />
      <Button type="submit" disabled={pay.isPending}>
        {pay.isPending ? t('subscription.paying') : due ? t('subscription.payAmountNow', { amount: formatPrice(due.amount, due.currency) }) : t('subscription.payNow')}
      </Button>
    </form>
  );
}
