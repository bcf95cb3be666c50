import ShieldCheck from 'lucide-react/icons/shield-check';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import type { FieldErrors } from '../../../lib/form-errors';
import {
  type CardField,
  type CardValues,
  DEMO_DECLINED_CARD,
  DEMO_TEST_CARD,
  EMPTY_CARD,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  validateCard,
} from '../../../lib/subscription/card-input';
import { useT } from '../../../i18n/use-t';
import { FormattedMessage } from 'react-intl';

const FORMATTERS: Record<CardField, (value: string) => string> = {
  cardNumber: formatCardNumber,
  expiry: formatExpiry,
  cvc: formatCvc,
  name: (value) => value,
};

/**
 * The local card form of the demo payment provider: the same checks as the server (Luhn, MM/YY not in the
 * past, 3-4 digit CVC, name on the card). Nothing is charged; the test cards are listed on the form.
 */
export function DemoCardForm({
  submitLabel,
  processing,
  onSubmit,
}: {
  submitLabel: string;
  processing: boolean;
  onSubmit: (card: CardValues) => void;
}) {
  const [values, setValues] = useState<CardValues>(EMPTY_CARD);
  const [errors, setErrors] = useState<FieldErrors<CardField>>({});
  const [submitted, setSubmitted] = useState(false);
  const t = useT();

  function change(field: CardField, raw: string) {
    const next = { ...values, [field]: FORMATTERS[field](raw) };
    setValues(next);
    // After a first attempt the messages follow the typing, so a fixed field loses its error at once.
    if (submitted) setErrors(validateCard(next) ?? {});
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (processing) return;
    setSubmitted(true);
    const found = validateCard(values);
    setErrors(found ?? {});
    if (found) return;
    onSubmit({ ...values, name: values.name.trim() });
  }

  return (
    <form className="card-form" onSubmit={submit} noValidate aria-label={t('subscription.cardDetails')} aria-busy={processing}>
      <div className="card-form__notice" role="note">
        <ShieldCheck size={18} aria-hidden="true" />
        <div>
          <p className="card-form__notice-title">{t('subscription.demoTitle')}</p>
          <p className="card-form__hint">
            <FormattedMessage
              id="subscription.demoCards"
              values={{
                card: DEMO_TEST_CARD,
                declined: DEMO_DECLINED_CARD,
                strong: (chunks) => <strong className="card-form__mono">{chunks}</strong>,
                mono: (chunks) => <span className="card-form__mono">{chunks}</span>,
              }}
            />
          </p>
        </div>
      </div>

      <TextField
        label={t('subscription.cardNumber')}
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        value={values.cardNumber}
        error={errors.cardNumber}
        disabled={processing}
        onChange={(event) => change('cardNumber', event.target.value)}
      />
      <div className="card-form__row">
        <TextField
          label={t('subscription.expiry')}
          name="expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('subscription.expiryPlaceholder')}
          value={values.expiry}
          error={errors.expiry}
          disabled={processing}
          onChange={(event) => change('expiry', event.target.value)}
        />
        <TextField
          label={t('subscription.cvc')}
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={values.cvc}
          error={errors.cvc}
          disabled={processing}
          onChange={(event) => change('cvc', event.target.value)}
        />
      </div>
      <TextField
        label={t('subscription.nameOnCard')}
        name="name"
        autoComplete="cc-name"
        placeholder={t('subscription.namePlaceholder')}
        value={values.name}
        error={errors.name}
        disabled={processing}
        onChange={(event) => change('name', event.target.value)}
      />

      <Button type="submit" block disabled={processing} className="card-form__submit">
        {processing ? (
          <>
            <Spinner size={18} className="card-form__spinner" />
            {t('subscription.processingPayment')}
          </>
        ) : (
          submitLabel
        )}
      </Button>
    </form>
  );
}
