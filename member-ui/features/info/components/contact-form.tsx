import Send from 'lucide-react/icons/send';
import { type FormEvent, useId, useState } from 'react';
import { contactSchema } from '../../../../contracts/discovery';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { type FieldErrors, fieldErrorsOf } from '../../../lib/form-errors';
import { type ContactMessage, contactErrorText, contactSuccessText, useSendContactMessage } from '../api/contact';
import { translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/use-t';

type ContactField = keyof ContactMessage;

const EMPTY: ContactMessage = { name: '', email: '', subject: '', message: '' };

/** The help page's contact form. */
export function ContactForm() {
  const [values, setValues] = useState<ContactMessage>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<ContactField>>({});
  const send = useSendContactMessage();
  const messageId = useId();
  const t = useT();

  const update = (field: ContactField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf<ContactField>(parsed.error));
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast({ title: translate('help.contact.sent'), description: contactSuccessText(answer), variant: 'success' });
        setValues(EMPTY);
      },
      onError: (error) => {
        // A 400 names the field the server refused; show it there as well.
        if (isApiError(error) && error.status === 400 && error.field && error.serverMessage) {
          const field = error.field as ContactField;
          if (field in EMPTY) setErrors({ [field]: error.serverMessage });
        }
        toast({ title: translate('help.contact.error'), description: contactErrorText(error), variant: 'destructive' });
      },
    });
  }

  return (
    <form className="form contact-form" onSubmit={handleSubmit} noValidate aria-label={t('help.contact.form')}>
      <TextField
        label={t('help.contact.name')}
        name="name"
        autoComplete="name"
        placeholder={t('help.contact.namePlaceholder')}
        value={values.name}
        onChange={update('name')}
        error={errors.name}
      />
      <TextField
        label={t('help.contact.email')}
        name="email"
        type="email"
        autoComplete="email"
        placeholder={t('help.contact.emailPlaceholder')}
        value={values.email}
        onChange={update('email')}
        error={errors.email}
      />
      <TextField
        label={t('help.contact.subject')}
        name="subject"
        placeholder={t('help.contact.subjectPlaceholder')}
        value={values.subject}
        onChange={update('subject')}
        error={errors.subject}
      />
      <div className={errors.message ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor={messageId}>
          {t('help.contact.message')}
        </label>
        <textarea
          id={messageId}
          name="message"
          className="field__input textarea-input"
          rows={5}
          placeholder={t('help.contact.messagePlaceholder')}
          value={values.message}
          onChange={update('message')}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${messageId}-error` : undefined}
        />
        {errors.message ? (
          <p id={`${messageId}-error`} className="field__error">
            {errors.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" block disabled={send.isPending}>
        {send.isPending ? <Spinner size={16} className="spinner--on-primary" /> : <Send size={16} aria-hidden="true" />}
        {t('help.contact.send')}
      </Button>
    </form>
  );
}
