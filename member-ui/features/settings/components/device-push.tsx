import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { api, isApiError } from '../../../lib/api-client';
import { pushDevicesKey } from './push-devices';
import { SettingSwitch } from './setting-controls';
import { useT } from '../../../i18n/use-t';
import { translate } from '../../../i18n/translate';

type DeviceState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

const supported = () => typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The VAPID public key as the bytes `pushManager.subscribe` wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/**
 * "Notifications on this device": subscribes this browser to Web Push. The browser's permission prompt appears
 * only when the member taps the switch on, never on its own.
 */
export function DevicePushSwitch({ userId }: { userId: number }) {
  const [state, setState] = useState<DeviceState>('checking');
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const t = useT();

  useEffect(() => {
    if (!supported()) return setState('unsupported');
    if (Notification.permission === 'denied') return setState('blocked');
    let live = true;
    currentSubscription()
      .then((sub) => live && setState(sub && Notification.permission === 'granted' ? 'on' : 'off'))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const turnOn = async () => {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      setState(permission === 'denied' ? 'blocked' : 'off');
      return;
    }
    const { publicKey } = await api.get<{ publicKey: string }>('/api/push/public-key');
    const reg = await registration();
    const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
    try {
      await api.post(`/api/users/${userId}/push-subscriptions`, { json: sub.toJSON() });
    } catch (error) {
      await sub.unsubscribe();
      throw error;
    }
    setState('on');
    toast({ title: translate('settingsNotify.deviceOn'), variant: 'success' });
  };

  const turnOff = async () => {
    const sub = await currentSubscription();
    if (sub) {
      await api.delete(`/api/users/${userId}/push-subscriptions?endpoint=${encodeURIComponent(sub.endpoint)}`).catch((error: unknown) => {
        // Already gone on the server is what we want.
        if (!(isApiError(error) && error.status === 404)) throw error;
      });
      await sub.unsubscribe();
    }
    setState('off');
    toast({ title: translate('settingsNotify.deviceOff'), variant: 'success' });
  };

  const change = (on: boolean) => {
    setBusy(true);
    (on ? turnOn() : turnOff())
      .catch((error: unknown) =>
        toast({ title: translate('common.error'), description: (isApiError(error) ? error.serverMessage : undefined) ?? translate('settingsNotify.deviceFailed'), variant: 'destructive' }),
      )
      .finally(() => {
        setBusy(false);
        void queryClient.invalidateQueries({ queryKey: pushDevicesKey(userId) });
      });
  };

  const description =
    state === 'unsupported'
      ? t('settingsNotify.deviceUnsupported')
      : state === 'blocked'
        ? t('settingsNotify.deviceBlocked')
        : t('settingsNotify.deviceText');
  return (
    <SettingSwitch
      label={t('settingsNotify.device')}
      description={description}
      checked={state === 'on'}
      disabled={busy || state === 'checking' || state === 'unsupported' || state === 'blocked'}
      onCheckedChange={change}
    />
  );
}
