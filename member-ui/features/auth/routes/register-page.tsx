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

const registerRoute = getRouteApi('/register');

type RegisterField = keyof RegistrationFields;

const EMPTY: RegistrationFields = { profileFor: 'self', fullName: '', candidateName: '', email: '', username: '', password: '', confirmPassword: '' };

/** Client checks before anything is sent; "Passwords don't match" always wins on the confirm field. */
function validate(values: RegistrationFields): FieldErrors<RegisterField> {
  const parsed = registerSchema.safeParse(values);
  const errors = parsed.success ? {} : fieldErrorsOf<RegisterField>(parsed.error);
  if (values.confirmPassword && values.password !== values.confirmPassword) {
    errors.confirmPassword = AUTH_MESSAGES.passwordsDontMatch;
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
  const [pendingMessage, setPendingMessage] = useState<string | null>(search.sent ? AUTH_MESSAGES.confirmationSent : null);
  const register = useRegister(redirectTo);

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
      <AuthCard title="Check your email" subtitle={pendingMessage} icon={<MailCheck size={26} />}>
        <p className="auth__note">The link works for 48 hours. Nothing arrived? Check your spam folder, or register again.</p>
        <Button asChild variant="outline" block>
          <Link to={paths.login}>Back to Sign In</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Join Saathi"
      subtitle="Create your account and begin your journey"
      footer={<LegalLinks action="creating an account" />}
    >
      <p className="offer-note">
        <Sparkles size={18} aria-hidden="true" />
        <span>First 500 registrations get free Premium access for 1 year!</span>
      </p>
      {bannerMessage ? <AlertBanner>{bannerMessage}</AlertBanner> : null}
      <form className="form" onSubmit={handleSubmit} noValidate>
        <SelectField
          label="This Profile Is For"
          name="profileFor"
          options={PROFILE_FOR_OPTIONS}
          value={values.profileFor}
          onChange={update('profileFor')}
          error={fieldErrors.profileFor}
        />
        <TextField
          label={forSomeoneElse ? 'Your Full Name' : 'Full Name'}
          name="fullName"
          autoComplete="name"
          placeholder="Enter your full name"
          hint={forSomeoneElse ? 'Your own name, on your account' : undefined}
          value={values.fullName}
          onChange={update('fullName')}
          error={fieldErrors.fullName}
        />
        {forSomeoneElse ? (
          <TextField
            label="Their Full Name"
            name="candidateName"
            autoComplete="off"
            placeholder="The name the profile will show"
            hint="You can change it later in the profile"
            value={values.candidateName}
            onChange={update('candidateName')}
            error={fieldErrors.candidateName}
          />
        ) : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={values.email}
          onChange={update('email')}
          error={fieldErrors.email}
        />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="Choose a username"
          value={values.username}
          onChange={update('username')}
          error={fieldErrors.username}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          value={values.password}
          onChange={update('password')}
          error={fieldErrors.password}
        />
        <TextField
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          placeholder="Re-enter your password"
          value={values.confirmPassword}
          onChange={update('confirmPassword')}
          error={fieldErrors.confirmPassword}
        />
        <Button type="submit" block disabled={register.isPending}>
          {register.isPending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
      <div className="auth__divider">
        <span>Already have an account?</span>
      </div>
      <Button asChild variant="outline" block>
        <Link to={paths.login} search={redirectTo === '/' ? {} : { redirectTo }}>
          Sign In
        </Link>
      </Button>
    </AuthCard>
  );
}
