import Flag from 'lucide-react/icons/flag';
import Mic from 'lucide-react/icons/mic';
import MicOff from 'lucide-react/icons/mic-off';
import PhoneOff from 'lucide-react/icons/phone-off';
import SwitchCamera from 'lucide-react/icons/switch-camera';
import UserPlus from 'lucide-react/icons/user-plus';
import Video from 'lucide-react/icons/video';
import VideoOff from 'lucide-react/icons/video-off';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { CallView } from '../../../../contracts/calls';
import { cn } from '../../../components/ui/cn';
import { hangUp } from '../api/calls';
import { type CallMesh, type RemoteVideo, hasSeveralCameras } from '../webrtc/mesh';
import { FamilySheet, ReportSheet } from './call-sheets';
import { useT } from '../../../i18n/use-t';

function VideoOf({ stream, muted = false, className, label }: { stream: MediaStream | null; muted?: boolean; className?: string; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return <video ref={ref} className={className} autoPlay playsInline muted={muted} aria-label={label} />;
}

function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const mm = String(Math.floor(s / 60)).padStart(2, '0');
  return `${mm}:${String(s % 60).padStart(2, '0')}`;
}

/** "03:12" once answered, ticking each second. */
function useElapsed(since: string | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!since) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since ? clock(now - Date.parse(since)) : null;
}

function Control({ label, onClick, pressed, children, className }: { label: string; onClick: () => void; pressed?: boolean; children: ReactNode; className?: string }) {
  return (
    <button type="button" className={cn('call-control', pressed && 'call-control--off', className)} onClick={onClick} aria-label={label} aria-pressed={pressed}>
      {children}
      <span className="call-control__label">{label}</span>
    </button>
  );
}

/**
 * The call: the others' pictures fill the screen (one, or a grid for a family introduction), your own small in the
 * corner, the controls in one row at the bottom (a column at the side in landscape) within reach of one thumb.
 */
export function CallScreen({ call, mesh, mediaError, onChange }: { call: CallView; mesh: CallMesh | null; mediaError: string | null; onChange: (call: CallView) => void }) {
  const [micOn, setMicOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const [cameras, setCameras] = useState(false);
  const [sheet, setSheet] = useState<'family' | 'report' | null>(null);
  const elapsed = useElapsed(call.answeredAt);
  const t = useT();
  useEffect(() => {
    void hasSeveralCameras().then(setCameras).catch(() => {});
  }, []);

  const others = call.participants.filter((p) => p.userId !== call.you.userId);
  const otherMember = others.find((p) => p.role === 'member');
  const remotes: RemoteVideo[] = mesh?.remotes() ?? [];
  const joinedOthers = others.filter((p) => p.state === 'joined');
  const status = call.status === 'ringing' ? t('calls.calling', { name: otherMember?.name ?? '' }) : (elapsed ?? '');
  const invited = others.filter((p) => p.state === 'invited' && p.role === 'family');

  const end = () => {
    mesh?.close();
    void hangUp(call.id)
      .then(onChange)
      .catch(() => onChange({ ...call, status: 'ended', endReason: 'hangup', endedAt: new Date().toISOString(), you: { ...call.you, state: 'left' } }));
  };

  return (
    <div className="call-layer call-screen" role="dialog" aria-modal="true" aria-label={otherMember ? t('calls.withLabel', { name: otherMember.name }) : t('calls.withYourMatch')}>
      <div className={cn('call-screen__remotes', `call-screen__remotes--${Math.max(1, joinedOthers.length)}`)}>
        {call.status === 'active' && joinedOthers.length ? (
          joinedOthers.map((person) => {
            const remote = remotes.find((r) => r.userId === person.userId);
            const connected = remote?.state === 'connected';
            return (
              <figure key={person.userId} className="call-tile">
                <VideoOf stream={remote?.stream ?? null} className="call-tile__video" label={t('calls.cameraOf', { name: person.name })} />
                <figcaption className="call-tile__name">
                  {person.name}
                  {connected ? null : <span className="call-tile__state"> · {t('calls.connecting')}</span>}
                </figcaption>
              </figure>
            );
          })
        ) : (
          <div className="call-screen__waiting">
            <p className="call-screen__waiting-name">{otherMember?.name}</p>
            <p>{call.status === 'ringing' ? t('calls.ringing') : t('calls.waiting')}</p>
          </div>
        )}
      </div>
      <header className="call-screen__top">
        {call.status === 'active' && joinedOthers.length <= 1 ? <p className="call-screen__name">{otherMember?.name}</p> : null}
        <p className="call-screen__status" aria-live="polite">
          {status}
        </p>
        {invited.length ? <p className="call-screen__invited">{t('calls.ringingNames', { names: invited.map((p) => p.name).join(', ') })}</p> : null}
        {mediaError ? (
          <p className="call-screen__error" role="alert">
            {mediaError}
          </p>
        ) : null}
      </header>
      <VideoOf stream={mesh?.local ?? null} muted className={cn('call-screen__self', !cameraOn && 'call-screen__self--off')} label={t('calls.yourCamera')} />
      <div className="call-screen__controls">
        <Control
          label={micOn ? t('calls.mute') : t('calls.unmute')}
          pressed={!micOn}
          onClick={() => {
            mesh?.setMicrophone(!micOn);
            setMicOn(!micOn);
          }}
        >
          {micOn ? <Mic size={22} aria-hidden="true" /> : <MicOff size={22} aria-hidden="true" />}
        </Control>
        <Control
          label={cameraOn ? t('calls.cameraOff') : t('calls.cameraOn')}
          pressed={!cameraOn}
          onClick={() => {
            mesh?.setCamera(!cameraOn);
            setCameraOn(!cameraOn);
          }}
        >
          {cameraOn ? <Video size={22} aria-hidden="true" /> : <VideoOff size={22} aria-hidden="true" />}
        </Control>
        {cameras ? (
          <Control label={t('calls.switchCamera')} onClick={() => void mesh?.switchCamera()}>
            <SwitchCamera size={22} aria-hidden="true" />
          </Control>
        ) : null}
        {call.you.role === 'member' && call.status === 'active' ? (
          <Control label={t('calls.addFamily')} onClick={() => setSheet('family')}>
            <UserPlus size={22} aria-hidden="true" />
          </Control>
        ) : null}
        <Control label={t('calls.report')} onClick={() => setSheet('report')}>
          <Flag size={22} aria-hidden="true" />
        </Control>
        <Control label={t('calls.hangUp')} onClick={end} className="call-control--hangup">
          <PhoneOff size={26} aria-hidden="true" />
        </Control>
      </div>
      {sheet === 'family' ? <FamilySheet call={call} onClose={() => setSheet(null)} onChange={onChange} /> : null}
      {sheet === 'report' ? <ReportSheet call={call} onClose={() => setSheet(null)} /> : null}
    </div>
  );
}
