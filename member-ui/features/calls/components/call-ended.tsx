import PhoneOff from 'lucide-react/icons/phone-off';
import type { CallView } from '../../../../contracts/calls';
import { callLengthText } from '../../../components/calls/call-length';
import { Button } from '../../../components/ui/button';
import { translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/use-t';

/** How a call ended, in the words the caller or a participant reads. */
export function endedText(call: CallView): string {
  if (call.status === 'declined') return translate('calls.ended.declined');
  if (call.status === 'missed') return translate(call.endReason === 'busy' ? 'calls.ended.busy' : call.endReason === 'cancelled' ? 'calls.ended.cancelled' : 'calls.ended.noAnswer');
  if (call.endReason === 'blocked' || call.endReason === 'unmatched') return translate('calls.ended.over');
  if (call.endReason === 'time_limit') return translate('calls.ended.timeLimit');
  return translate('calls.ended.plain');
}

export function CallEnded({ call, onClose }: { call: CallView; onClose: () => void }) {
  const t = useT();
  const seconds = call.answeredAt && call.endedAt ? Math.round((Date.parse(call.endedAt) - Date.parse(call.answeredAt)) / 1000) : null;
  return (
    <div className="call-layer call-ended" role="dialog" aria-modal="true" aria-labelledby="call-ended-title">
      <span className="call-ring__icon" aria-hidden="true">
        <PhoneOff size={32} />
      </span>
      <h2 id="call-ended-title" className="call-ring__title">
        {endedText(call)}
      </h2>
      {seconds !== null ? <p className="call-ring__subtitle">{callLengthText(seconds)}</p> : null}
      <Button className="call-ended__close" onClick={onClose} autoFocus>
        {t('calls.close')}
      </Button>
    </div>
  );
}
