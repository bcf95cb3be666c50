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
import { useT } from '../../../i18n/use-t';
import { translate } from '../../../i18n/translate';

type OpenDialog = 'setup2fa' | 'disable2fa' | 'recoveryCodes' | 'devices' | null;

/** Security tab: change password, two-factor sign-in, devices, data export and the danger zone. */
export function SecurityTab({ userId }: { userId: number }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [downloading, setDownloading] = useState(false);
  const t = useT();
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
      toast({ title: translate('security.dataReady'), description: translate('security.savedAs', { fileName }), variant: 'success' });
    } catch (error) {
      toast({
        title: translate('common.error'),
        description: (isApiError(error) ? error.serverMessage : undefined) ?? translate('security.dataFailed'),
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
          {t('security.changePassword')}
        </h2>
        <ChangePasswordForm userId={userId} />
      </section>

      <section className="settings-card" aria-labelledby="security-tools-title">
        <h2 id="security-tools-title" className="settings-card__title">
          <ShieldCheck size={18} aria-hidden="true" />
          {t('security.signIn')}
        </h2>
        <div className="security-tool">
          <div className="security-tool__text">
            <p className="setting-row__label">
              {t('security.twoFactor')}{' '}
              {twoFactor.data === true ? <Badge tone="success">{t('security.on')}</Badge> : twoFactor.data === false ? <Badge>{t('security.off')}</Badge> : null}
            </p>
            <p className="setting-row__description">{t('security.twoFactorText')}</p>
          </div>
          {twoFactor.data === true ? (
            <Button variant="outline" size="sm" onClick={() => setDialog('disable2fa')}>
              {t('security.turnOff2fa')}
            </Button>
          ) : (
            <Button variant="outline" size="sm" onClick={() => setDialog('setup2fa')} disabled={twoFactor.isPending}>
              {t('security.setUp2fa')}
            </Button>
          )}
        </div>
        {twoFactor.data === true ? (
          <div className="security-tool">
            <div className="security-tool__text">
              <p className="setting-row__label">{t('security.recoveryCodes')}</p>
              <p className="setting-row__description">
                {codesLeft.data === undefined ? t('security.recoveryCodesText') : t('security.codesLeft', { count: codesLeft.data })}
              </p>
            </div>
            <Button variant="outline" size="sm" onClick={() => setDialog('recoveryCodes')}>
              {t('security.newCodes')}
            </Button>
          </div>
        ) : null}
        <div className="security-tool">
          <div className="security-tool__text">
            <p className="setting-row__label">{t('security.devices')}</p>
            <p className="setting-row__description">{t('security.devicesText')}</p>
          </div>
          <Button variant="outline" size="sm" onClick={() => setDialog('devices')}>
            <MonitorSmartphone size={16} aria-hidden="true" />
            {t('security.manageDevices')}
          </Button>
        </div>
        <div className="security-tool">
          <div className="security-tool__text">
            <p className="setting-row__label">{t('security.yourData')}</p>
            <p className="setting-row__description">{t('security.yourDataText')}</p>
          </div>
          <Button variant="outline" size="sm" onClick={() => void exportData()} disabled={downloading}>
            <Download size={16} aria-hidden="true" />
            {downloading ? t('security.preparing') : t('security.download')}
          </Button>
        </div>
      </section>

      <VerificationCard />

      <section className="settings-card danger-zone" aria-labelledby="danger-zone-title">
        <h2 id="danger-zone-title" className="settings-card__title danger-zone__title">
          <TriangleAlert size={18} aria-hidden="true" />
          {t('security.dangerZone')}
        </h2>
        <p className="setting-row__description">
          {t('security.dangerText')}
        </p>
        <Button asChild variant="outline" className="danger-zone__button">
          <Link to="/delete-account">{t('security.deleteAccount')}</Link>
        </Button>
      </section>

      {dialog === 'setup2fa' ? <TwoFactorSetupDialog {...dialogProps('setup2fa')} /> : null}
      {dialog === 'disable2fa' ? <TwoFactorDisableDialog {...dialogProps('disable2fa')} /> : null}
      {dialog === 'recoveryCodes' ? <RecoveryCodesDialog {...dialogProps('recoveryCodes')} /> : null}
      <DevicesDialog {...dialogProps('devices')} />
    </div>
  );
}
