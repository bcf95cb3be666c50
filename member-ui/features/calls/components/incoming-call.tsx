import Phone from 'lucide-react/icons/phone';
import PhoneOff from 'lucide-react/icons/phone-off';
import Video from 'lucide-react/icons/video';
import { useEffect, useState } from 'react';
import type { CallView } from '../../../../contracts/calls';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { acceptCall, declineCall } from '../api/calls';
import { translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/use-t';

/** Who rings, as the ringing screen says it: the caller, or for family the member who brings them in and to whom. */
export function ringText(call: CallView): { title: string; subtitle: string } {
  const name = (id: number) => call.participants.find((p) => p.userId === id)?.name ?? translate('calls.aMatch');
  if (call.you.role === 'family') {
    const other = call.you.sideUserId === call.callerId ? call.calleeId : call.callerId;
    return { title: translate('calls.ring.asksToJoin', { name: name(call.you.sideUserId) }), subtitle: translate('calls.ring.with', { name: name(other) }) };
  }
  return { title: name(call.callerId), subtitle: translate('calls.videoCall') };
}

/** The ringing screen: who calls, and Decline / Accept at the bottom, in reach of one thumb. */
export function IncomingCall({ call, onChange }: { call: CallView; onChange: (call: CallView) => void }) {
  const [busy, setBusy] = useState(false);
  const t = useT();
  const { title, subtitle } = ringText(call);
  // A phone in the hand or pocket feels the ring (where the browser can vibrate), every two seconds while it rings.
  useEffect(() => {
    if (typeof navigator.vibrate !== 'function') return;
    const buzz = () => navigator.vibrate([400, 200, 400]);
    buzz();
    const timer = setInterval(buzz, 2000);
    return () => {
      clearInterval(timer);
      navigator.vibrate(0);
    };
  }, []);
  const act = (action: typeof acceptCall) => {
    setBusy(true);
    action(call.id)
      .then(onChange)
      .catch((error: unknown) => toast({ title: translate('calls.ring.failed'), description: (isApiError(error) && error.serverMessage) || translate('calls.tryAgain'), variant: 'destructive' }))
      .finally(() => setBusy(false));
  };
  return (
    <div className="call-layer call-ring" role="alertdialog" aria-modal="true" aria-labelledby="call-ring-title" aria-describedby="call-ring-subtitle">
      <div className="call-ring__who">
        <span className="call-ring__icon" aria-hidden="true">
          <Video size={36} />
        </span>
        <h2 id="call-ring-title" className="call-ring__title">
          {title}
        </h2>
        <p id="call-ring-subtitle" className="call-ring__subtitle">
          {subtitle}
        </p>
        <p className="call-ring__note">{t('calls.ring.note')}</p>
      </div>
      <div className="call-ring__actions">
        <button type="button" className="call-action call-action--decline" onClick={() => act(declineCall)} disabled={busy}>
          <PhoneOff size={28} aria-hidden="true" />
          <span>{t('calls.decline')}</span>
        </button>
        <button type="button" className="call-action call-action--accept" onClick={() => act(acceptCall)} disabled={busy}>
          <Phone size={28} aria-hidden="true" />
          <span>{t('calls.accept')}</span>
        </button>
      </div>
    </div>
  );
}
