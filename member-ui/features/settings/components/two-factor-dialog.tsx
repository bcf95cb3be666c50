import { type FormEvent, useEffect, useState } from 'react';
import { totpCodeSchema } from '../../../../contracts/messaging';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useNewRecoveryCodes, useStartTwoFactorSetup, useSwitchTwoFactor } from '../api/security';
import { SettingsDialog } from './settings-dialog';
import { useT } from '../../../i18n/use-t';
import { translate } from '../../../i18n/translate';
import type { MessageId } from '../../../i18n/catalogue';

function errorText(error: unknown, fallback: MessageId): string {
  return (isApiError(error) ? error.serverMessage : undefined) ?? translate(fallback);
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
  const t = useT();
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse({ code });
    if (!parsed.success) {
      // The schema's one rule: six digits.
      setError(t('security.codeInvalid'));
      return;
    }
    setError(undefined);
    onSubmit(parsed.data.code);
  }
  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <TextField
        label={t('security.code')}
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
        {busy ? t('security.checking') : submitLabel}
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
  const t = useT();

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
      title={t('security.setupTitle')}
      description={t('security.setupText')}
    >
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => onOpenChange(false)} />
      ) : setup.isPending || setup.isIdle ? (
        <div className="settings-state" role="status">
          <Spinner size={24} />
          <span className="visually-hidden">{t('security.preparingCode')}</span>
        </div>
      ) : setup.isError ? (
        <div className="settings-state" role="alert">
          <p>{errorText(setup.error, 'security.setupFailed')}</p>
          <Button variant="outline" size="sm" onClick={() => startSetup()}>
            {t('error.tryAgain')}
          </Button>
        </div>
      ) : (
        <div className="two-factor">
          <img className="two-factor__qr" src={setup.data.qrCodeImageUrl} alt={t('security.qrAlt')} width={200} height={200} />
          <div className="two-factor__secret">
            <label className="two-factor__secret-label" htmlFor="two-factor-secret">
              {t('security.enterKey')}
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
            submitLabel={t('security.turnOn2faButton')}
            busy={enable.isPending}
            serverError={enable.isError ? errorText(enable.error, 'security.turnOnFailed') : undefined}
            onSubmit={(code) =>
              enable.mutate(code, {
                onSuccess: () => {
                  toast({ title: translate('security.twoFactorOn'), description: translate('security.twoFactorOnText'), variant: 'success' });
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
  const t = useT();
  return (
    <SettingsDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) disable.reset();
        onOpenChange(next);
      }}
      title={t('security.disableTitle')}
      description={t('security.disableText')}
    >
      <CodeForm
        submitLabel={t('security.turnOff2faButton')}
        busy={disable.isPending}
        serverError={disable.isError ? errorText(disable.error, 'security.turnOffFailed') : undefined}
        onSubmit={(code) =>
          disable.mutate(code, {
            onSuccess: () => {
              toast({ title: translate('security.twoFactorOff'), variant: 'success' });
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
  const t = useT();
  function download() {
    const text = `${t('security.codesFileTitle')}\n${t('security.codesFileText')}\n\n${codes.join('\n')}\n`;
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
        {t('security.codesIntro')}
      </p>
      <ul className="recovery-codes__list" aria-label={t('security.recoveryCodes')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="recovery-codes__actions">
        <Button variant="outline" onClick={download}>
          {t('security.downloadCodes')}
        </Button>
        <Button onClick={onDone}>{t('security.savedThem')}</Button>
      </div>
    </div>
  );
}

/** A new set of recovery codes after the password; the old set stops working. */
export function RecoveryCodesDialog({ userId, open, onOpenChange }: { userId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const renew = useNewRecoveryCodes(userId);
  const [password, setPassword] = useState('');
  const t = useT();
  return (
    <SettingsDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) renew.reset();
        onOpenChange(next);
      }}
      title={t('security.newCodesTitle')}
      description={t('security.newCodesText')}
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
            label={t('security.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={renew.isError ? errorText(renew.error, 'security.newCodesFailed') : undefined}
          />
          <Button type="submit" disabled={renew.isPending || !password}>
            {renew.isPending ? t('security.makingCodes') : t('security.makeCodes')}
          </Button>
        </form>
      )}
    </SettingsDialog>
  );
}
