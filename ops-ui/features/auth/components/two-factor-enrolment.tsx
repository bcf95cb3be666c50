import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { describeApiError } from '../../../lib/api-client';
import type { OpsUser } from '../api/ops-session';
import { useSignOut } from '../api/sign-out';
import { useEnterConsole, useTwoFactorEnable, useTwoFactorSetup } from '../api/two-factor';

/**
 * A staff member's first sign-in: the console opens only once two-factor authentication is on. Scan the QR code
 * (or type the key), confirm with a code, keep the recovery codes, then continue.
 */
export function TwoFactorEnrolment({ user }: { user: OpsUser }) {
  const setup = useTwoFactorSetup(user.id);
  const enable = useTwoFactorEnable(user.id);
  const enterConsole = useEnterConsole();
  const signOut = useSignOut();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  // One secret per visit of this screen; a reload starts a new one (the old one was never turned on).
  const startSetup = setup.mutate;
  useEffect(() => {
    startSetup();
  }, [startSetup]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(trimmed)) {
      setCodeError('Enter the 6-digit code your authenticator app shows');
      return;
    }
    setCodeError(null);
    enable.mutate(trimmed);
  }

  const codes = enable.data;
  return (
    <main className="ops-sign-in">
      <div className="ops-sign-in__card ops-enrol">
        <div className="ops-sign-in__brand">
          <ShieldCheck aria-hidden="true" size={28} strokeWidth={1.75} />
          <div>
            <p className="ops-sign-in__product">Saathi Ops</p>
            <p className="ops-sign-in__audience">Signed in as {user.fullName}</p>
          </div>
        </div>
        {codes ? (
          <>
            <h1 className="ops-sign-in__title">Two-factor authentication is on</h1>
            <p className="ops-sign-in__hint">
              Keep these recovery codes somewhere safe, away from your phone. Each one signs you in once if you lose your authenticator. They are
              shown only now.
            </p>
            <ul className="ops-enrol__codes" aria-label="Recovery codes">
              {codes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <Button variant="primary" onClick={() => enterConsole(user)}>
              I have saved my recovery codes: open the console
            </Button>
          </>
        ) : (
          <>
            <h1 className="ops-sign-in__title">Turn on two-factor authentication</h1>
            <p className="ops-sign-in__hint">
              The console shows members' private details, so every staff account signs in with a password and a code from an authenticator app
              (Google Authenticator, Microsoft Authenticator, 1Password…). Scan the code with the app, then enter the 6 digits it shows.
            </p>
            {setup.isError ? (
              <Alert tone="danger">
                <p>{describeApiError(setup.error, 'The setup could not start. Please try again.')}</p>
              </Alert>
            ) : null}
            {setup.data ? (
              <div className="ops-enrol__qr">
                <img src={setup.data.qrCodeImageUrl} alt="QR code for your authenticator app" width={180} height={180} />
                <div>
                  <p className="ops-sign-in__hint">Cannot scan? Type this key into the app:</p>
                  <code className="ops-enrol__secret">{setup.data.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
                </div>
              </div>
            ) : (
              <p className="ops-sign-in__hint">Preparing your code…</p>
            )}
            <form className="ops-sign-in__form" onSubmit={handleSubmit} noValidate>
              <TextField
                label="6-digit code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                error={codeError ?? (enable.isError ? describeApiError(enable.error, 'That code did not work. Try the current one.') : undefined)}
                onChange={(event) => setCode(event.currentTarget.value)}
              />
              <Button type="submit" variant="primary" disabled={!setup.data || enable.isPending}>
                {enable.isPending ? 'Checking…' : 'Turn on and continue'}
              </Button>
            </form>
          </>
        )}
        <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign out
        </Button>
      </div>
    </main>
  );
}
