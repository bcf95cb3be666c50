import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Monitor from 'lucide-react/icons/monitor';
import Smartphone from 'lucide-react/icons/smartphone';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { api, isApiError } from '../../../lib/api-client';
import { dayMonthYear, relativeTime } from '../../../lib/format';
import { deviceName, isMobileAgent } from '../lib/device-name';
import { useT } from '../../../i18n/use-t';
import { translate } from '../../../i18n/translate';

interface PushDevice {
  id: number;
  service: string;
  userAgent: string | null;
  createdAt: string;
  lastSuccessAt: string | null;
}

/** "just now" for the last minute, else how long ago. */
const when = (iso: string) => (Date.now() - Date.parse(iso) < 60_000 ? translate('settingsNotify.justNow') : relativeTime(iso));
const addedOn = (iso: string) => dayMonthYear(new Date(iso), false);

export const pushDevicesKey = (userId: number) => [`/api/users/${userId}/push-subscriptions`];

/**
 * The browsers that receive this member's notifications, each removable (a lost phone, an old laptop): under the
 * switch for the browser in hand, and beside the signed-in sessions in Manage Devices. Removing one deletes its
 * subscription, and with it any push still waiting to reach it. Nothing shows until a browser has notifications on.
 */
export function PushDevices({ userId, title }: { userId: number; title?: string }) {
  const queryClient = useQueryClient();
  const t = useT();
  const heading = title ?? t('settingsNotify.devicesOn');
  const devices = useQuery({
    queryKey: pushDevicesKey(userId),
    queryFn: ({ signal }) => api.get<{ items: PushDevice[] }>(`/api/users/${userId}/push-subscriptions`, { signal }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/users/${userId}/push-subscriptions/${id}`),
    onSuccess: (answer) => toast({ title: answer.message, variant: 'success' }),
    onError: (error) => toast({ title: translate('common.error'), description: (isApiError(error) ? error.serverMessage : undefined) ?? translate('settingsNotify.removeFailed'), variant: 'destructive' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: pushDevicesKey(userId) }),
  });
  const items = devices.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <div className="push-devices">
      <p className="setting-row__label">{heading}</p>
      <ul className="devices" aria-label={heading}>
        {items.map((device) => {
          const name = deviceName(device.userAgent);
          const Icon = isMobileAgent(device.userAgent) ? Smartphone : Monitor;
          return (
            <li key={device.id} className="device">
              <span className="device__icon" aria-hidden="true">
                <Icon size={20} />
              </span>
              <div className="device__text">
                <p className="device__name">{name}</p>
                <p className="device__meta">
                  {device.lastSuccessAt
                    ? t('settingsNotify.deviceNotified', { added: addedOn(device.createdAt), when: when(device.lastSuccessAt) })
                    : t('settingsNotify.deviceNotNotified', { added: addedOn(device.createdAt) })}
                </p>
              </div>
              <Button variant="outline" size="sm" aria-label={t('settingsNotify.stopTo', { name })} disabled={remove.isPending && remove.variables === device.id} onClick={() => remove.mutate(device.id)}>
                {t('settingsNotify.remove')}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
