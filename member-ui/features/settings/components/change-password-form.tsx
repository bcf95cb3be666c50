import { type FormEvent, useState } from 'react';
import { AUTH_MESSAGES, changePasswordSchema } from '../../../../contracts/auth';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { type FieldErrors, fieldErrorsOf } from '../../../lib/form-errors';
import { useChangePassword } from '../api/security';
import { useT } from '../../../i18n/use-t';
import { translate } from '../../../i18n/translate';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password: the same schema as the server plus the confirmation checks. */
export function validatePasswordChange(values: Record<Field, string>): FieldErrors<Field> {
  const parsed = changePasswordSchema.safeParse(values);
  const errors: FieldErrors<Field> = parsed.success ? {} : fieldErrorsOf<Field>(parsed.error);
  if (!values.confirmPassword) errors.confirmPassword = AUTH_MESSAGES.confirmRequired;
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = AUTH_MESSAGES.passwordsDontMatch;
  return errors;
}

export function ChangePasswordForm({ userId }: { userId: number }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const change = useChangePassword(userId);
  const t = useT();

  const update = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validatePasswordChange(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: (answer) => {
          setValues(EMPTY);
          toast({
            title: translate('security.passwordUpdated'),
            description: answer.endedSessions > 0 ? translate('security.signedOutOthers', { count: answer.endedSessions }) : undefined,
            variant: 'success',
          });
        },
        onError: (error) => {
          const serverMessage = isApiError(error) ? error.serverMessage : undefined;
          if (isApiError(error) && error.field === 'currentPassword' && serverMessage) {
            setErrors({ currentPassword: serverMessage });
          }
          toast({ title: translate('common.error'), description: serverMessage ?? translate('security.passwordFailed'), variant: 'destructive' });
        },
      },
    );
  }

  return (
    <form className="form" onSubmit={handleSubmit} noValidate aria-labelledby="change-password-title">
      <TextField
        label={t('security.currentPassword')}
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={update('currentPassword')}
        error={errors.currentPassword}
      />
      <TextField
        label={t('security.newPassword')}
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={update('newPassword')}
        error={errors.newPassword}
        hint={t('security.newPasswordHint')}
      />
      <TextField
        label={t('security.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={update('confirmPassword')}
        error={errors.confirmPassword}
      />
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? t('security.updating') : t('security.updatePassword')}
      </Button>
    </form>
  );
}
