import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import MailCheck from 'lucide-react/icons/mail-check';
import Sparkles from 'lucide-react/icons/sparkles';
import { type FormEvent, useState } from 'react';
import { AUTH_MESSAGES, registerSchema, safeRedirectPath } from '../../../../contracts/auth';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { PROFILE_FOR_OPTIONS } from '../../../components/profile/option-labels';
import { type FieldErrors, fieldErrorsOf } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { type RegistrationFields, isConfirmationPending, registerErrorMessage, useRegister } from '../api/register';
import { AuthCard } from '../../../components/ui/auth-card';
import { LegalLinks } from '../components/legal-links';
import { useFlashSearchError } from '../components/use-flash-search-error';
import { useT } from '../../../i18n/use-t';
import { localizeMessage } from '../../../i18n/translate';
import type { ProfileFor } from '../../../../contracts/profile-for';
import { LIMITS } from '../../../../contracts/enums';

const registerRoute = getRouteApi('/register');

type RegisterField = keyof RegistrationFields;

const EMPTY: RegistrationFields = { profileFor: 'self', fullName: '', candidateName: '', email: '', username: '', password: '', confirmPassword: '' };

/** Client checks before anything is sent; "Passwords don't match" always wins on the confirm field. */
function validate(values: RegistrationFields): FieldErrors<RegisterField> {
  const parsed = registerSchema.safeParse(values);
  const errors = parsed.success ? {} : fieldErrorsOf<RegisterField>(parsed.error);
  if (values.confirmPassword && values.password !== values.confirmPassword) {
    errors.confirmPassword = localizeMessage(AUTH_MESSAGES.passwordsDontMatch);
  }
  return errors;
}

export function RegisterPage() {
  const search = registerRoute.useSearch();
  const navigate = registerRoute.useNavigate();
  const router = useRouter();
  const redirectTo = safeRedirectPath(search.redirectTo);
  const queryError = useFlashSearchError(search.error, () => {
    void navigate({ search: (prev) => ({ ...prev, error: undefined }), replace: true });
  });

  const [values, setValues] = useState<RegistrationFields>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<RegisterField>>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [pendingMessage, setPendingMessage] = useState<string | null>(search.sent ? localizeMessage(AUTH_MESSAGES.confirmationSent) : null);
  const register = useRegister(redirectTo);
  const t = useT();

  const update = (field: RegisterField) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const forSomeoneElse = values.profileFor !== 'self';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitError(null);
    const errors = validate(values);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    register.mutate(
      {
        ...values,
        fullName: values.fullName.trim(),
        candidateName: forSomeoneElse ? values.candidateName.trim() : '',
        email: values.email.trim(),
        username: values.username.trim(),
      },
      {
        onSuccess: (result) => {
          if (isConfirmationPending(result)) {
            setPendingMessage(result.message);
            return;
          }
          void router.navigate({ href: safeRedirectPath(result.redirectTo, redirectTo), replace: true });
        },
        onError: (error) => setSubmitError(registerErrorMessage(error)),
      },
    );
  }

  const bannerMessage = submitError ?? queryError;

  if (pendingMessage) {
    return (
      <AuthCard title={t('register.checkEmail')} subtitle={pendingMessage} icon={<MailCheck size={26} />}>
        <p className="auth__note">{t('register.linkNote')}</p>
        <Button asChild variant="outline" block>
          <Link to={paths.login}>{t('register.backToSignIn')}</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={<LegalLinks action="register" />}
    >
      <p className="offer-note">
        <Sparkles size={18} aria-hidden="true" />
        <span>{t('register.offer', { count: 500 })}</span>
      </p>
      {bannerMessage ? <AlertBanner>{bannerMessage}</AlertBanner> : null}
      <form className="form" onSubmit={handleSubmit} noValidate>
        <SelectField
          label={t('register.profileFor')}
          name="profileFor"
          options={PROFILE_FOR_OPTIONS.map((option) => ({ ...option, label: t(`profileFor.${option.value as ProfileFor}`) }))}
          value={values.profileFor}
          onChange={update('profileFor')}
          error={fieldErrors.profileFor}
        />
        <TextField
          label={forSomeoneElse ? t('register.yourFullName') : t('register.fullName')}
          name="fullName"
          autoComplete="name"
          placeholder={t('register.fullNamePlaceholder')}
          hint={forSomeoneElse ? t('register.fullNameHint') : undefined}
          value={values.fullName}
          onChange={update('fullName')}
          error={fieldErrors.fullName}
        />
        {forSomeoneElse ? (
          <TextField
            label={t('register.theirFullName')}
            name="candidateName"
            autoComplete="off"
            placeholder={t('register.theirFullNamePlaceholder')}
            hint={t('register.theirFullNameHint')}
            value={values.candidateName}
            onChange={update('candidateName')}
            error={fieldErrors.candidateName}
          />
        ) : null}
        <TextField
          label={t('register.email')}
          name="email"
          type="email"
          autoComplete="email"
          placeholder={t('register.emailPlaceholder')}
          value={values.email}
          onChange={update('email')}
          error={fieldErrors.email}
        />
        <TextField
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('register.usernamePlaceholder')}
          value={values.username}
          onChange={update('username')}
          error={fieldErrors.username}
        />
        <TextField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder={t('register.passwordPlaceholder', { min: LIMITS.passwordMin })}
          value={values.password}
          onChange={update('password')}
          error={fieldErrors.password}
        />
        <TextField
          label={t('register.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          placeholder={t('register.confirmPlaceholder')}
          value={values.confirmPassword}
          onChange={update('confirmPassword')}
          error={fieldErrors.confirmPassword}
        />
        <Button type="submit" block disabled={register.isPending}>
          {register.isPending ? t('register.submitting') : t('login.createAccount')}
        </Button>
      </form>
      <div className="auth__divider">
        <span>{t('register.haveAccount')}</span>
      </div>
      <Button asChild variant="outline" block>
        <Link to={paths.login} search={redirectTo === '/' ? {} : { redirectTo }}>
          {t('login.submit')}
        </Link>
      </Button>
    </AuthCard>
  );
}
