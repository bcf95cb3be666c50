import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { loginSchema, safeRedirectPath } from '../../../../contracts/auth';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { type FieldErrors, fieldErrorsOf } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { isTotpRequired, loginErrorMessage, useLogin } from '../api/login';
import { AuthCard } from '../../../components/ui/auth-card';
import { LegalLinks } from '../components/legal-links';
import { useFlashSearchError } from '../components/use-flash-search-error';
import { useT } from '../../../i18n/use-t';

const loginRoute = getRouteApi('/login');

type LoginField = 'username' | 'password';

/** The authenticator's 6 digits, or a recovery code such as k7qd2-x9mfa (when the phone is lost). */
const TOTP_CODE = /^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/i;

export function LoginPage() {
  const search = loginRoute.useSearch();
  const navigate = loginRoute.useNavigate();
  const router = useRouter();
  const redirectTo = safeRedirectPath(search.redirectTo);
  const queryError = useFlashSearchError(search.error, () => {
    void navigate({ search: (prev) => ({ ...prev, error: undefined }), replace: true });
  });

  const [values, setValues] = useState<Record<LoginField, string>>({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<LoginField>>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  // Two-factor accounts: the server asks for the authenticator code after a correct password.
  const [codeRequested, setCodeRequested] = useState(false);
  const [totpCode, setTotpCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const login = useLogin(redirectTo);
  const t = useT();

  const update = (field: LoginField) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitError(null);
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(fieldErrorsOf<LoginField>(parsed.error));
      return;
    }
    setFieldErrors({});
    const code = totpCode.trim();
    if (codeRequested && !TOTP_CODE.test(code)) {
      setCodeError(t('login.codeInvalid'));
      return;
    }
    setCodeError(undefined);
    login.mutate(
      { username: parsed.data.username, password: parsed.data.password, ...(codeRequested ? { totpCode: code } : {}) },
      {
        onSuccess: (result) => {
          void router.navigate({ href: safeRedirectPath(result.redirectTo, redirectTo), replace: true });
        },
        onError: (error) => {
          if (isTotpRequired(error)) {
            if (codeRequested) {
              setCodeError(loginErrorMessage(error));
              setTotpCode('');
            }
            setCodeRequested(true);
            return;
          }
          setSubmitError(loginErrorMessage(error));
        },
      },
    );
  }

  const bannerMessage = submitError ?? queryError;

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={<LegalLinks action="signIn" />}
    >
      {bannerMessage ? <AlertBanner>{bannerMessage}</AlertBanner> : null}
      <form className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('login.usernamePlaceholder')}
          value={values.username}
          onChange={update('username')}
          error={fieldErrors.username}
        />
        <TextField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder={t('login.passwordPlaceholder')}
          value={values.password}
          onChange={update('password')}
          error={fieldErrors.password}
        />
        {codeRequested ? (
          <TextField
            label={t('login.code')}
            name="totpCode"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={11}
            autoFocus
            placeholder={t('login.codePlaceholder')}
            hint={t('login.codeHint')}
            value={totpCode}
            onChange={(event) => setTotpCode(event.target.value.replace(/[^0-9A-Za-z-]/g, '').slice(0, 11))}
            error={codeError}
          />
        ) : null}
        <div className="form__aside">
          <Link to={paths.forgotPassword} className="text-link">
            {t('login.forgot')}
          </Link>
        </div>
        <Button type="submit" block disabled={login.isPending}>
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <div className="auth__divider">
        <span>{t('login.newHere')}</span>
      </div>
      <Button asChild variant="outline" block>
        <Link to={paths.register} search={redirectTo === '/' ? {} : { redirectTo }}>
          {t('login.createAccount')}
        </Link>
      </Button>
    </AuthCard>
  );
}
