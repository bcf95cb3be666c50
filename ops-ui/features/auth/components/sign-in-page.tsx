import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { loginSchema } from '../../../../contracts/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { describeSignInError, useSignIn } from '../api/sign-in';

type FieldErrors = Partial<Record<'username' | 'password', string>>;

/**
 * Sign-in for reviewer and admin accounts, with the same checks as the member app: an account with two-factor
 * authentication is asked for its code before the console opens. A member account is refused like a wrong password.
 */
export function SignInPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const signIn = useSignIn();
  const failure = signIn.error ? describeSignInError(signIn.error) : null;
  const showCode = needsCode || failure?.kind === 'code';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginSchema.safeParse({ username, password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    signIn.mutate(
      { username: parsed.data.username, password: parsed.data.password, totpCode: showCode ? totpCode.trim() : undefined },
      { onError: (error) => setNeedsCode((was) => was || describeSignInError(error).kind === 'code') },
    );
  }

  return (
    <main className="ops-sign-in">
      <div className="ops-sign-in__card">
        <div className="ops-sign-in__brand">
          <ShieldCheck aria-hidden="true" size={28} strokeWidth={1.75} />
          <div>
            <p className="ops-sign-in__product">Saathi Ops</p>
            <p className="ops-sign-in__audience">For reviewers and admins</p>
          </div>
        </div>
        <h1 className="ops-sign-in__title">Sign in to the review console</h1>
        {failure?.kind === 'code' ? (
          <Alert tone="info">
            <p>{failure.message}</p>
          </Alert>
        ) : failure ? (
          <Alert tone="danger">
            <p>{failure.message}</p>
          </Alert>
        ) : null}
        <form className="ops-sign-in__form" onSubmit={handleSubmit} noValidate>
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoFocus
            value={username}
            error={fieldErrors.username}
            onChange={(event) => setUsername(event.currentTarget.value)}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={fieldErrors.password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          {showCode ? (
            <TextField
              label="Authentication code"
              name="totpCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              value={totpCode}
              onChange={(event) => setTotpCode(event.currentTarget.value)}
            />
          ) : null}
          <Button type="submit" variant="primary" disabled={signIn.isPending} className="ops-sign-in__submit">
            {signIn.isPending ? 'Signing in…' : 'Sign in'}
          </Button>
        </form>
        <p className="ops-sign-in__footnote">
          Looking for your matches? Members sign in on the Saathi app, not here.
        </p>
      </div>
    </main>
  );
}
