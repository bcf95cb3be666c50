import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import Monitor from 'lucide-react/icons/monitor';
import Smartphone from 'lucide-react/icons/smartphone';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { relativeTime } from '../../../lib/format';
import { sessionQueryKey } from '../../../lib/session';
import { useEndSession, useSessions } from '../api/security';
import { deviceName, isMobileAgent } from '../lib/device-name';
import { PushDevices } from './push-devices';
import { SettingsDialog } from './settings-dialog';
import { useT } from '../../../i18n/use-t';
import { translate } from '../../../i18n/translate';

function activity(lastSeenAt: string): string {
  return Date.now() - Date.parse(lastSeenAt) < 60_000 ? translate('security.activeNow') : translate('security.activeAgo', { when: relativeTime(lastSeenAt) });
}

/** Manage Devices: the member's signed-in sessions, each of which can be signed out, and the browsers that get push notifications. */
export function DevicesDialog({ userId, open, onOpenChange }: { userId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const sessions = useSessions(userId, open);
  const endSession = useEndSession(userId);
  const queryClient = useQueryClient();
  const router = useRouter();
  const t = useT();

  function signOut(sessionId: string, name: string) {
    endSession.mutate(sessionId, {
      onSuccess: (answer) => {
        if (answer.current) {
          // This browser's own session ended: leave like a logout.
          queryClient.setQueryData(sessionQueryKey, null);
          queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
          void router.navigate({ to: '/login' });
          return;
        }
        toast({ title: translate('security.deviceSignedOut'), description: translate('security.deviceSignedOutText', { name }), variant: 'success' });
      },
      onError: (error) =>
        toast({
          title: translate('common.error'),
          description: (isApiError(error) ? error.serverMessage : undefined) ?? translate('security.signOutFailed'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <SettingsDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('security.manageDevices')}
      description={t('security.manageDevicesText')}
    >
      {sessions.isPending ? (
        <div className="settings-state" role="status">
          <Spinner size={24} />
          <span className="visually-hidden">{t('security.loadingDevices')}</span>
        </div>
      ) : sessions.isError ? (
        <div className="settings-state" role="alert">
          <p>{t('security.devicesFailed')}</p>
          <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
            {t('error.tryAgain')}
          </Button>
        </div>
      ) : (
        <ul className="devices" aria-label={t('security.signedInDevices')}>
          {sessions.data.map((session) => {
            const name = deviceName(session.userAgent);
            const Icon = isMobileAgent(session.userAgent) ? Smartphone : Monitor;
            return (
              <li key={session.id} className="device">
                <span className="device__icon" aria-hidden="true">
                  <Icon size={20} />
                </span>
                <div className="device__text">
                  <p className="device__name">
                    {name}
                    {session.current ? <Badge tone="success">{t('security.thisDevice')}</Badge> : null}
                  </p>
                  <p className="device__meta">
                    {session.ip ? `${session.ip} · ` : ''}
                    {activity(session.lastSeenAt)}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={endSession.isPending && endSession.variables === session.id}
                  aria-label={session.current ? t('security.signOutThis', { name }) : t('security.signOutName', { name })}
                  onClick={() => signOut(session.id, name)}
                >
                  {t('security.signOut')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <PushDevices userId={userId} title={t('security.receivingPush')} />
    </SettingsDialog>
  );
}
