import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Monitor from 'lucide-react/icons/monitor';
import Smartphone from 'lucide-react/icons/smartphone';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { api, isApiError } from '../../../lib/api-client';
import { relativeTime } from '../../../lib/format';
import { deviceName, isMobileAgent } from '../lib/device-name';

interface PushDevice {
  id: number;
  service: string;
  userAgent: string | null;
  createdAt: string;
  lastSuccessAt: string | null;
}

/** "just now" for the last minute, else how long ago. */
const when = (iso: string) => (Date.now() - Date.parse(iso) < 60_000 ? 'just now' : relativeTime(iso));

export const pushDevicesKey = (userId: number) => [`/api/users/${userId}/push-subscriptions`];

/**
 * The browsers that receive this member's notifications, each removable from here (a lost phone, an old laptop),
 * beside the switch for the browser in hand. Nothing shows until at least one browser has notifications on.
 */
export function PushDevices({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const devices = useQuery({
    queryKey: pushDevicesKey(userId),
    queryFn: ({ signal }) => api.get<{ items: PushDevice[] }>(`/api/users/${userId}/push-subscriptions`, { signal }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/users/${userId}/push-subscriptions/${id}`),
    onSuccess: (answer) => toast({ title: answer.message, variant: 'success' }),
    onError: (error) => toast({ title: 'Error', description: (isApiError(error) ? error.serverMessage : undefined) ?? 'Could not remove that device', variant: 'destructive' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: pushDevicesKey(userId) }),
  });
  const items = devices.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <div className="push-devices">
      <p className="setting-row__label">Devices with notifications on</p>
      <ul className="devices" aria-label="Devices with notifications on">
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
                  {device.lastSuccessAt ? `Last notified ${when(device.lastSuccessAt)}` : `Turned on ${when(device.createdAt)}`}
                </p>
              </div>
              <Button variant="outline" size="sm" aria-label={`Stop notifications to ${name}`} disabled={remove.isPending && remove.variables === device.id} onClick={() => remove.mutate(device.id)}>
                Remove
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
