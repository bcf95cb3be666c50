import { Link } from '@tanstack/react-router';
import Download from 'lucide-react/icons/download';
import KeyRound from 'lucide-react/icons/key-round';
import MonitorSmartphone from 'lucide-react/icons/monitor-smartphone';
import ShieldCheck from 'lucide-react/icons/shield-check';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { VerificationCard } from '../../../components/verification/verification-card';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { downloadMyData, useRecoveryCodesLeft, useTwoFactorStatus } from '../api/security';
import { ChangePasswordForm } from './change-password-form';
import { DevicesDialog } from './devices-dialog';
import { RecoveryCodesDialog, TwoFactorDisableDialog, TwoFactorSetupDialog } from './two-factor-dialog';

type OpenDialog = 'setup2fa' | 'disable2fa' | 'recoveryCodes' | 'devices' | null;

/** Security tab: change password, two-factor sign-in, devices, data export and the danger zone. */
export function SecurityTab({ userId }: { userId: number }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [downloading, setDownloading] = useState(false);
  const twoFactor = useTwoFactorStatus(userId);
  const codesLeft = useRecoveryCodesLeft(userId);
  const dialogProps = (name: Exclude<OpenDialog, null>) => ({
    userId,
    open: dialog === name,
    onOpenChange: (open: boolean) => setDialog(open ? name : null),
  });

  async function exportData() {
    setDownloading(true);
    try {
      const fileName = await downloadMyData(userId);
      toast({ title: 'Your data is ready', description: `Saved as ${fileName}`, variant: 'success' });
    } catch (error) {
      toast({
        title: 'Error',
        description: (isApiError(error) ? error.serverMessage : undefined) ?? 'Failed to download your data',
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="settings-panel">
      <section className="settings-card" aria-labelledby="change-password-title">
        <h2 id="change-password-title" className="settings-card__title">
          <KeyRound size={18} aria-hidden="true" />
          Change Password
        </h2>
        <ChangePasswordForm userId={userId} />
      </section>

      <section className="settings-card" aria-labelledby="security-tools-title">
        <h2 id="security-tools-title" className="settings-card__title">
          <ShieldCheck size={18} aria-hidden="true" />
          Sign-in Security
        </h2>
        <div className="security-tool">
          <div className="security-tool__text">
            <p className="setting-row__label">
              Two-factor authentication{' '}
              {twoFactor.data === true ? <Badge tone="success">On</Badge> : twoFactor.data === false ? <Badge>Off</Badge> : null}
            </p>
            <p className="setting-row__description">A code from your phone is asked for at every sign-in.</p>
          </div>
          {twoFactor.data === true ? (
            <Button variant="outline" size="sm" onClick={() => setDialog('disable2fa')}>
              Turn off 2FA
            </Button>
          ) : (
            <Button variant="outline" size="sm" onClick={() => setDialog('setup2fa')} disabled={twoFactor.isPending}>
              Set up 2FA
            </Button>
          )}
        </div>
        {twoFactor.data === true ? (
          <div className="security-tool">
            <div className="security-tool__text">
              <p className="setting-row__label">Recovery codes</p>
              <p className="setting-row__description">
                {codesLeft.data === undefined ? 'Sign in when you lose your phone.' : `${codesLeft.data} of 10 left, each signs you in once if you lose your phone.`}
              </p>
            </div>
            <Button variant="outline" size="sm" onClick={() => setDialog('recoveryCodes')}>
              New codes
            </Button>
          </div>
        ) : null}
        <div className="security-tool">
          <div className="security-tool__text">
            <p className="setting-row__label">Devices</p>
            <p className="setting-row__description">See where you are signed in and sign out remotely.</p>
          </div>
          <Button variant="outline" size="sm" onClick={() => setDialog('devices')}>
            <MonitorSmartphone size={16} aria-hidden="true" />
            Manage Devices
          </Button>
        </div>
        <div className="security-tool">
          <div className="security-tool__text">
            <p className="setting-row__label">Your data</p>
            <p className="setting-row__description">Everything you have stored with Saathi, as a JSON file.</p>
          </div>
          <Button variant="outline" size="sm" onClick={() => void exportData()} disabled={downloading}>
            <Download size={16} aria-hidden="true" />
            {downloading ? 'Preparing...' : 'Download my data'}
          </Button>
        </div>
      </section>

      <VerificationCard />

      <section className="settings-card danger-zone" aria-labelledby="danger-zone-title">
        <h2 id="danger-zone-title" className="settings-card__title danger-zone__title">
          <TriangleAlert size={18} aria-hidden="true" />
          Danger Zone
        </h2>
        <p className="setting-row__description">
          Deleting your account anonymises your data, removes you from search and matches and cannot be undone.
        </p>
        <Button asChild variant="outline" className="danger-zone__button">
          <Link to="/delete-account">Delete My Account</Link>
        </Button>
      </section>

      {dialog === 'setup2fa' ? <TwoFactorSetupDialog {...dialogProps('setup2fa')} /> : null}
      {dialog === 'disable2fa' ? <TwoFactorDisableDialog {...dialogProps('disable2fa')} /> : null}
      {dialog === 'recoveryCodes' ? <RecoveryCodesDialog {...dialogProps('recoveryCodes')} /> : null}
      <DevicesDialog {...dialogProps('devices')} />
    </div>
  );
}
