import PhoneOff from 'lucide-react/icons/phone-off';
import { type CallView, callLength } from '../../../../contracts/calls';
import { Button } from '../../../components/ui/button';

/** How a call ended, in the words the caller or a participant reads. */
export function endedText(call: CallView): string {
  if (call.status === 'declined') return 'Call declined';
  if (call.status === 'missed') return call.endReason === 'busy' ? 'They are on another call' : call.endReason === 'cancelled' ? 'Call cancelled' : 'No answer';
  if (call.endReason === 'blocked' || call.endReason === 'unmatched') return 'This call has ended';
  if (call.endReason === 'time_limit') return 'Call ended: calls last up to an hour';
  return 'Call ended';
}

export function CallEnded({ call, onClose }: { call: CallView; onClose: () => void }) {
  const seconds = call.answeredAt && call.endedAt ? Math.round((Date.parse(call.endedAt) - Date.parse(call.answeredAt)) / 1000) : null;
  return (
    <div className="call-layer call-ended" role="dialog" aria-modal="true" aria-labelledby="call-ended-title">
      <span className="call-ring__icon" aria-hidden="true">
        <PhoneOff size={32} />
      </span>
      <h2 id="call-ended-title" className="call-ring__title">
        {endedText(call)}
      </h2>
      {seconds !== null ? <p className="call-ring__subtitle">{callLength(seconds)}</p> : null}
      <Button className="call-ended__close" onClick={onClose} autoFocus>
        Close
      </Button>
    </div>
  );
}
