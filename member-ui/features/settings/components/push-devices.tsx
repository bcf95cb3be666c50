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
const addedOn = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

export const pushDevicesKey = (userId: number) => [`/api/users/${userId}/push-subscriptions`];

/**
 * The browsers that receive this member's notifications, each removable (a lost phone, an old laptop): under the
 * switch for the browser in hand, and beside the signed-in sessions in Manage Devices. Removing one deletes its
 * subscription, and with it any push still waiting to reach it. Nothing shows until a browser has notifications on.
 */
export function PushDevices({ userId, title = 'Devices with notifications on' }: { userId: number; title?: string }) {
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
      <p className="setting-row__label">{title}</p>
      <ul className="devices" aria-label={title}>
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
                  {`Added ${addedOn(device.createdAt)} · `}
                  {device.lastSuccessAt ? `last notified ${when(device.lastSuccessAt)}` : 'not notified yet'}
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
