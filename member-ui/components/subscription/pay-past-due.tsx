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

/**
 * A failed renewal paid with another card (demo provider): the open invoice is charged at once. The form says
 * how much, and (no real card being charged) which test card pays.
 */
export function PayPastDue({ userId, due }: { userId: number; due: { amount: string; currency: string } | null }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<CardValues>(EMPTY_CARD);
  const [errors, setErrors] = useState<Partial<Record<keyof CardValues, string>>>({});
  const pay = useMutation({
    mutationFn: (card: CardValues) => api.post<BillingView>(`/api/subscriptions/${userId}/pay`, { json: card }),
    onSuccess: async (view) => {
      queryClient.setQueryData(billingQueryKey(userId), view);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      toast({ title: 'Payment received', description: 'Your plan continues as before.', variant: 'success' });
    },
    onError: (error) => toast({ title: 'Payment Failed', description: (isApiError(error) && error.serverMessage) || 'Please try again.', variant: 'destructive' }),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateCard(values);
    setErrors(found ?? {});
    if (!found) pay.mutate(values);
  }
  const set = (field: keyof CardValues, format: (v: string) => string) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: format(e.target.value) }));
  return (
    <form className="pay-past-due" onSubmit={submit} noValidate aria-label="Pay with another card">
      <p className="pay-past-due__title">
        <strong>Pay{due ? ` ${formatPrice(due.amount, due.currency)}` : ''} with another card</strong>
        <span className="pay-past-due__hint">
          Demo payment, no card is charged: <span className="card-form__mono">{DEMO_TEST_CARD}</span> pays, with any future expiry date and CVC.
        </span>
      </p>
      <TextField label="Card number" inputMode="numeric" autoComplete="cc-number" value={values.cardNumber} onChange={set('cardNumber', formatCardNumber)} error={errors.cardNumber} />
      <div className="pay-past-due__row">
        <TextField label="Expiry (MM/YY)" inputMode="numeric" autoComplete="cc-exp" value={values.expiry} onChange={set('expiry', formatExpiry)} error={errors.expiry} />
        <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" value={values.cvc} onChange={set('cvc', formatCvc)} error={errors.cvc} />
      </div>
      <TextField label="Name on card" autoComplete="cc-name" value={values.name} onChange={set('name', (v) => v)} error={errors.name} />
      <Button type="submit" disabled={pay.isPending}>
        {pay.isPending ? 'Paying…' : due ? `Pay ${formatPrice(due.amount, due.currency)} now` : 'Pay now'}
      </Button>
    </form>
  );
}
