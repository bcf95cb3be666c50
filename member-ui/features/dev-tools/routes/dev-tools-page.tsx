import CircleCheck from 'lucide-react/icons/circle-check';
import QrCode from 'lucide-react/icons/qr-code';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import * as Tabs from 'radix-ui/tabs';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExpoInfoView } from '../../../../contracts/views';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Spinner } from '../../../components/ui/spinner';
import { expoInfoErrorDetail, fetchExpoInfo } from '../api/expo-info';

export const EXPO_PORT = 19000;

type QrState =
  | { status: 'idle' }
  | { status: 'loading'; previous: ExpoInfoView | null }
  | { status: 'success'; info: ExpoInfoView }
  | { status: 'error'; title: string; detail: string; previous: ExpoInfoView | null };

function infoOf(state: QrState): ExpoInfoView | null {
  if (state.status === 'success') return state.info;
  if (state.status === 'loading' || state.status === 'error') return state.previous;
  return null;
}

/** The QR code's loading states: idle, loading, success, error. */
function useExpoQr() {
  const [state, setState] = useState<QrState>({ status: 'idle' });
  const current = useRef<AbortController | null>(null);

  const load = useCallback((fresh: boolean) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setState((previous) => ({ status: 'loading', previous: infoOf(previous) }));
    fetchExpoInfo({ fresh, signal: controller.signal }).then(
      (info) => {
        if (!controller.signal.aborted) setState({ status: 'success', info });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((previous) => ({
          status: 'error',
          title: fresh ? 'Failed to generate new QR code' : 'Failed to generate QR code',
          detail: expoInfoErrorDetail(error),
          previous: infoOf(previous),
        }));
      },
    );
  }, []);

  useEffect(() => {
    load(false);
    return () => current.current?.abort();
  }, [load]);

  return { state, refresh: () => load(true) };
}

function QrTab() {
  const { state, refresh } = useExpoQr();
  const info = infoOf(state);
  const loading = state.status === 'loading' || state.status === 'idle';
  return (
    <div className="devtools__panel">
      <div className="qr-card">
        <div className="qr-card__header">
          <h2 className="qr-card__title">Scan with Expo Go</h2>
          {info && state.status !== 'error' ? (
            <span className="ready-badge">
              <CircleCheck size={14} aria-hidden="true" />
              {info.status === 'ready' ? 'Ready' : info.status}
            </span>
          ) : null}
        </div>
        <div className={cn('qr-card__frame', loading && 'qr-card__frame--loading')}>
          {info ? (
            <img className="qr-card__image" src={info.qrCodeImageUrl} alt={`QR code for ${info.devUrl}`} width={220} height={220} />
          ) : (
            <QrCode size={64} aria-hidden="true" className="qr-card__placeholder" />
          )}
          {loading ? (
            <div className="qr-card__overlay" role="status">
              <Spinner size={32} />
              <span className="visually-hidden">Generating QR code…</span>
            </div>
          ) : null}
        </div>
        {info ? (
          <p className="qr-card__url">
            <span className="qr-card__url-label">Development URL</span>
            <code>{info.devUrl}</code>
          </p>
        ) : null}
        {state.status === 'error' ? (
          <AlertBanner title={state.title}>{state.detail}</AlertBanner>
        ) : null}
        <Button variant="outline" block onClick={refresh} disabled={loading}>
          <RefreshCw size={16} aria-hidden="true" className={loading ? 'spinner' : undefined} />
          Refresh QR Code
        </Button>
        {info ? (
          <p className="qr-card__updated">Updated {new Date(info.updatedAt).toLocaleTimeString()}</p>
        ) : null}
      </div>

      <section className="devtools__section" aria-labelledby="setup-title">
        <h2 id="setup-title" className="devtools__heading">
          Setup
        </h2>
        <ol className="devtools__steps">
          <li>Install the Expo Go app from the App Store or Google Play.</li>
          <li>Start the mobile development server on this machine.</li>
          <li>Open Expo Go and scan the QR code above (on iOS, scan it with the Camera app).</li>
          <li>The Saathi app opens on your phone and reloads when the code changes.</li>
        </ol>
      </section>

      <section className="devtools__section" aria-labelledby="troubleshooting-title">
        <h2 id="troubleshooting-title" className="devtools__heading">
          <TriangleAlert size={16} aria-hidden="true" /> Troubleshooting
        </h2>
        <ul className="devtools__tips">
          <li>Make sure your phone and this computer are on the same WiFi network.</li>
          <li>
            Check that port <strong>{EXPO_PORT}</strong> is open in the firewall and not used by another program.
          </li>
          <li>If the address changed (new network, VPN), press Refresh QR Code and scan again.</li>
          <li>Still stuck? Restart the development server and Expo Go.</li>
        </ul>
      </section>
    </div>
  );
}

/** /dev-tools. */
export function DevToolsPage() {
  return (
    <section className="page devtools" aria-labelledby="devtools-title">
      <header className="page__header">
        <h1 id="devtools-title" className="page__title">
          Developer Tools
        </h1>
        <p className="page__subtitle">Preview the Saathi mobile app on your phone.</p>
      </header>
      <Tabs.Root defaultValue="qr" className="devtools__tabs">
        <Tabs.List className="segmented-tabs" aria-label="Developer tools">
          <Tabs.Trigger value="qr" className="segmented-tabs__trigger">
            Expo QR Code
          </Tabs.Trigger>
          <Tabs.Trigger value="logs" className="segmented-tabs__trigger">
            Logs
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="qr">
          <QrTab />
        </Tabs.Content>
        <Tabs.Content value="logs">
          <div className="devtools__logs">Log viewer coming soon...</div>
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
