import { getRouteApi, Link } from '@tanstack/react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import KeyRound from 'lucide-react/icons/key-round';
import MailCheck from 'lucide-react/icons/mail-check';
import { type FormEvent, useState } from 'react';
import { AUTH_MESSAGES, passwordResetRequestSchema } from '../../../../contracts/auth';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { resetErrorMessage, useResetRequest } from '../api/password-reset';
import { AuthCard } from '../../../components/ui/auth-card';
import { useT } from '../../../i18n/use-t';
import { localizeMessage } from '../../../i18n/translate';

const forgotPasswordRoute = getRouteApi('/forgot-password');

interface SentState {
  message: string;
  token?: string;
}

function BackToLogin() {
  const t = useT();
  return (
    <Link to={paths.login} className="text-link back-link">
      <ArrowLeft size={16} aria-hidden="true" />
      {t('forgot.backToLogin')}
    </Link>
  );
}

export function ForgotPasswordPage() {
  const search = forgotPasswordRoute.useSearch();
  const navigate = forgotPasswordRoute.useNavigate();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [submitError, setSubmitError] = useState<string | null>(null);
  // A token in the address (server-rendered demo flow) opens the "sent" view directly.
  const [sent, setSent] = useState<SentState | null>(
    search.token ? { message: AUTH_MESSAGES.resetRequestSent, token: search.token } : null,
  );
  const resetRequest = useResetRequest();
  const t = useT();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitError(null);
    const parsed = passwordResetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(fieldErrorsOf<'email'>(parsed.error).email);
      return;
    }
    setEmailError(undefined);
    resetRequest.mutate(parsed.data.email, {
      onSuccess: (result) => setSent({ message: result.message || AUTH_MESSAGES.resetRequestSent, token: result.token }),
      onError: (error) => setSubmitError(resetErrorMessage(error)),
    });
  }

  function tryDifferentEmail() {
    setSent(null);
    setEmail('');
    if (search.token || search.error) {
      void navigate({ search: {}, replace: true });
    }
  }

  if (sent) {
    return (
      <AuthCard title={t('forgot.sentTitle')} subtitle={localizeMessage(sent.message)} icon={<MailCheck size={26} />} footer={<BackToLogin />}>
        {sent.token ? (
          <>
            <AlertBanner variant="info" title={t('forgot.demoTitle')}>
              {t('forgot.demoText')}
            </AlertBanner>
            <Button asChild block>
              <Link to={paths.resetPassword} params={{ token: sent.token }}>
                {t('forgot.resetPassword')}
              </Link>
            </Button>
          </>
        ) : (
          <p className="auth__note">{t('forgot.checkInbox')}</p>
        )}
        <Button variant="outline" block onClick={tryDifferentEmail}>
          {t('forgot.differentEmail')}
        </Button>
      </AuthCard>
    );
  }

  const bannerMessage = submitError ?? search.error ?? null;

  return (
    <AuthCard
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      icon={<KeyRound size={26} />}
      footer={<BackToLogin />}
    >
      {bannerMessage ? <AlertBanner>{bannerMessage}</AlertBanner> : null}
      <form className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          label={t('forgot.email')}
          name="email"
          type="email"
          autoComplete="email"
          placeholder={t('register.emailPlaceholder')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError}
        />
        <Button type="submit" block disabled={resetRequest.isPending}>
          {resetRequest.isPending ? t('forgot.sending') : t('forgot.send')}
        </Button>
      </form>
    </AuthCard>
  );
}
