import { getRouteApi, Link } from '@tanstack/react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import CircleCheck from 'lucide-react/icons/circle-check';
import Lock from 'lucide-react/icons/lock';
import { type FormEvent, useState } from 'react';
import { AUTH_MESSAGES, passwordResetConfirmSchema } from '../../../../contracts/auth';
import { LIMITS } from '../../../../contracts/enums';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { type FieldErrors, fieldErrorsOf } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { resetErrorMessage, useResetConfirm } from '../api/password-reset';
import { AuthCard } from '../../../components/ui/auth-card';
import { useT } from '../../../i18n/use-t';

const resetPasswordRoute = getRouteApi('/reset-password/$token');

type ResetField = 'password' | 'confirmPassword';

/** Match first, then the 8-character minimum, both before anything is sent. */
function validate(token: string, password: string, confirmPassword: string): FieldErrors<ResetField | 'token'> {
  if (password !== confirmPassword) return { confirmPassword: AUTH_MESSAGES.passwordsDontMatch };
  if (password.length < LIMITS.passwordMin) return { password: AUTH_MESSAGES.passwordMin };
  const parsed = passwordResetConfirmSchema.safeParse({ token, password, confirmPassword });
  return parsed.success ? {} : fieldErrorsOf<ResetField | 'token'>(parsed.error);
}

export function ResetPasswordPage() {
  const { token } = resetPasswordRoute.useParams();
  const search = resetPasswordRoute.useSearch();
  const navigate = resetPasswordRoute.useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<ResetField | 'token'>>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const resetConfirm = useResetConfirm();
  const t = useT();

  if (search.success) {
    return (
      <AuthCard
        title={t('reset.successTitle')}
        subtitle={t('reset.successText')}
        icon={<CircleCheck size={26} />}
      >
        <Button asChild block>
          <Link to={paths.login}>{t('reset.goToLogin')}</Link>
        </Button>
      </AuthCard>
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitError(null);
    const errors = validate(token, password, confirmPassword);
    setFieldErrors(errors);
    if (errors.token) setSubmitError(errors.token);
    if (Object.keys(errors).length > 0) return;
    resetConfirm.mutate(
      { token, password, confirmPassword },
      {
        onSuccess: () => void navigate({ search: { success: true }, replace: true }),
        onError: (error) => setSubmitError(resetErrorMessage(error)),
      },
    );
  }

  const bannerMessage = submitError ?? search.error ?? null;

  return (
    <AuthCard
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      icon={<Lock size={26} />}
      footer={
        <Link to={paths.forgotPassword} className="text-link back-link">
          <ArrowLeft size={16} aria-hidden="true" />
          {t('reset.backToForgot')}
        </Link>
      }
    >
      {bannerMessage ? <AlertBanner>{bannerMessage}</AlertBanner> : null}
      <form className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          label={t('reset.newPassword')}
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder={t('reset.newPasswordPlaceholder')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrors.password}
        />
        <TextField
          label={t('reset.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          placeholder={t('reset.confirmPlaceholder')}
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          error={fieldErrors.confirmPassword}
        />
        <Button type="submit" block disabled={resetConfirm.isPending}>
          {resetConfirm.isPending ? t('reset.resetting') : t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
