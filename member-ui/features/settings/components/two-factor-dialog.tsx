import { type FormEvent, useEffect, useState } from 'react';
import { totpCodeSchema } from '../../../../contracts/messaging';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useNewRecoveryCodes, useStartTwoFactorSetup, useSwitchTwoFactor } from '../api/security';
import { SettingsDialog } from './settings-dialog';

function errorText(error: unknown, fallback: string): string {
  return (isApiError(error) ? error.serverMessage : undefined) ?? fallback;
}

function CodeForm({
  submitLabel,
  busy,
  onSubmit,
  serverError,
}: {
  submitLabel: string;
  busy: boolean;
  onSubmit: (code: string) => void;
  serverError?: string;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onSubmit(parsed.data.code);
  }
  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <TextField
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        placeholder="123456"
        className="code-field"
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
        error={error ?? serverError}
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Checking...' : submitLabel}
      </Button>
    </form>
  );
}

/** Turns two-factor sign-in on: a fresh secret and QR code, then the first code from the app. */
export function TwoFactorSetupDialog({ userId, open, onOpenChange }: { userId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const setup = useStartTwoFactorSetup(userId);
  const enable = useSwitchTwoFactor(userId, 'enable');
  const { mutate: startSetup, reset: resetSetup } = setup;
  const recoveryCodes = enable.data?.recoveryCodes;

  useEffect(() => {
    if (open) startSetup();
    else resetSetup();
  }, [open, startSetup, resetSetup]);

  return (
    <SettingsDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) enable.reset();
        onOpenChange(next);
      }}
      title="Set up two-factor authentication"
      description="Scan the QR code with an authenticator app (Google Authenticator, Authy, 1Password), then enter the 6-digit code it shows."
    >
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => onOpenChange(false)} />
      ) : setup.isPending || setup.isIdle ? (
        <div className="settings-state" role="status">
          <Spinner size={24} />
          <span className="visually-hidden">Preparing your code</span>
        </div>
      ) : setup.isError ? (
        <div className="settings-state" role="alert">
          <p>{errorText(setup.error, 'Could not start the setup. Please try again.')}</p>
          <Button variant="outline" size="sm" onClick={() => startSetup()}>
            Try Again
          </Button>
        </div>
      ) : (
        <div className="two-factor">
          <img className="two-factor__qr" src={setup.data.qrCodeImageUrl} alt="QR code for your authenticator app" width={200} height={200} />
          <div className="two-factor__secret">
            <label className="two-factor__secret-label" htmlFor="two-factor-secret">
              Or enter this key
            </label>
            <input
              id="two-factor-secret"
              className="two-factor__secret-value"
              readOnly
              value={setup.data.secret}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
          <CodeForm
            submitLabel="Turn On 2FA"
            busy={enable.isPending}
            serverError={enable.isError ? errorText(enable.error, 'Could not turn on two-factor authentication') : undefined}
            onSubmit={(code) =>
              enable.mutate(code, {
                onSuccess: () => {
                  toast({ title: 'Two-factor authentication is on', description: 'You will be asked for a code when you sign in.', variant: 'success' });
                },
              })
            }
          />
        </div>
      )}
    </SettingsDialog>
  );
}

/** Turns two-factor sign-in off with a current code. */
export function TwoFactorDisableDialog({ userId, open, onOpenChange }: { userId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const disable = useSwitchTwoFactor(userId, 'disable');
  return (
    <SettingsDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) disable.reset();
        onOpenChange(next);
      }}
      title="Turn off two-factor authentication"
      description="Enter a current code from your authenticator app to confirm."
    >
      <CodeForm
        submitLabel="Turn Off 2FA"
        busy={disable.isPending}
        serverError={disable.isError ? errorText(disable.error, 'Could not turn off two-factor authentication') : undefined}
        onSubmit={(code) =>
          disable.mutate(code, {
            onSuccess: () => {
              toast({ title: 'Two-factor authentication is off', variant: 'success' });
              onOpenChange(false);
            },
          })
        }
      />
    </SettingsDialog>
  );
}

/** The recovery codes, shown once, with a way to keep them: a text file to save or print. */
function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  function download() {
    const text = `Saathi two-factor recovery codes\nEach code signs you in once, in place of the code from your phone.\n\n${codes.join('\n')}\n`;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'saathi-recovery-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(link.href);
  }
  return (
    <div className="recovery-codes">
      <p className="recovery-codes__intro">
        Keep these recovery codes somewhere safe. If you lose your phone, each one signs you in once instead of the 6-digit
        code. They are shown only now.
      </p>
      <ul className="recovery-codes__list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="recovery-codes__actions">
        <Button variant="outline" onClick={download}>
          Download codes
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

/** A new set of recovery codes after the password; the old set stops working. */
export function RecoveryCodesDialog({ userId, open, onOpenChange }: { userId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const renew = useNewRecoveryCodes(userId);
  const [password, setPassword] = useState('');
  return (
    <SettingsDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) renew.reset();
        onOpenChange(next);
      }}
      title="New recovery codes"
      description="Enter your password to make ten new recovery codes. Your old codes stop working."
    >
      {renew.data ? (
        <RecoveryCodes codes={renew.data.recoveryCodes} onDone={() => onOpenChange(false)} />
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (password) renew.mutate(password);
          }}
        >
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={renew.isError ? errorText(renew.error, 'Could not make new codes') : undefined}
          />
          <Button type="submit" disabled={renew.isPending || !password}>
            {renew.isPending ? 'Making codes...' : 'Make New Codes'}
          </Button>
        </form>
      )}
    </SettingsDialog>
  );
}
