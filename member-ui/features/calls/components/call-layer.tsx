import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { CallView } from '../../../../contracts/calls';
import { callsWithPath, currentCallAtom } from '../../../lib/calls';
import { useLiveEvent } from '../../../lib/live-events';
import { currentCall, hangUp, sendSignal } from '../api/calls';
import { CallMesh, type IncomingSignal } from '../webrtc/mesh';
import { CallEnded } from './call-ended';
import { CallScreen } from './call-screen';
import { IncomingCall } from './incoming-call';
import { translate } from '../../../i18n/translate';

const isLive = (call: CallView) => call.status === 'ringing' || call.status === 'active';

/** The call this tab is in: a reload finds it here (sessionStorage is per tab) and leaves the call it can no longer hold. */
const IN_CALL_KEY = 'saathi.in-call';

/** The other member of the call, as `userId` sees it (for a family member: the member on the other side). */
export function otherMemberOf(call: CallView): number {
  return call.you.sideUserId === call.callerId ? call.calleeId : call.callerId;
}

/**
 * The call on screen, over whatever page is open: it rings (incoming), connects and ends here, so a call survives
 * moving around the app and a ring reaches any screen. Mounted once for the signed-in member (app-shell.tsx).
 */
export function CallLayer({ userId }: { userId: number }) {
  const [call, setCall] = useAtom(currentCallAtom);
  const queryClient = useQueryClient();
  const mesh = useRef<CallMesh | null>(null);
  /** signals for a call whose mesh is not built yet (the answer to an accept can come after the first offer) */
  const early = useRef<Array<IncomingSignal & { callId: number }>>([]);
  const joinedNow = useRef<number[]>([]);
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const dismiss = useCallback(() => setCall(null), [setCall]);

  // A call that rang before this page was open (opened from the missed-ring notification, or reloaded), or while the
  // live stream was not connected yet: asked when the layer mounts and again each time the stream (re)connects.
  const lookForCall = useCallback(() => {
    void currentCall()
      .then(({ call: found }) => {
        if (found?.you.state === 'invited') setCall((shown) => shown ?? found);
        // This tab was in the call and reloaded: its connections are gone, so it leaves (a member ends the call), and
        // the others are told at once instead of holding a frozen picture and both staying "busy".
        else if (found?.you.state === 'joined' && !mesh.current && window.sessionStorage.getItem(IN_CALL_KEY) === String(found.id)) {
          void hangUp(found.id).then(setCall, () => {});
        }
      })
      .catch(() => {});
  }, [setCall]);
  useEffect(lookForCall, [lookForCall]);
  useLiveEvent('ready', lookForCall);

  useLiveEvent('call', (event) => {
    if (event.type === 'update') {
      setCall((shown) => (!shown || shown.id === event.call.id || !isLive(shown) ? event.call : shown));
      void queryClient.invalidateQueries({ queryKey: [callsWithPath(otherMemberOf(event.call))] });
      return;
    }
    const signal = { from: event.from, description: event.description, candidate: event.candidate };
    if (mesh.current && call?.id === event.callId) void mesh.current.receive(signal).catch(() => {});
    else early.current.push({ ...signal, callId: event.callId });
  });

  const inCall = call !== null && isLive(call) && call.you.state === 'joined';
  const callId = call?.id ?? null;
  const ice = call?.ice ?? null;
  joinedNow.current = call && call.status === 'active' ? call.participants.filter((p) => p.state === 'joined').map((p) => p.userId) : [];
  const joinedKey = joinedNow.current.join(',');

  // A demo instance's notice stays at the top of every page: the call goes below it, not under it.
  useEffect(() => {
    if (!callId) return;
    const place = () => {
      const notice = document.querySelector('.saathi-demo-banner');
      document.documentElement.style.setProperty('--call-top', `${notice ? Math.round(notice.getBoundingClientRect().bottom) : 0}px`);
    };
    place();
    // Turning the phone changes the notice's height.
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [callId]);


  // One mesh per call while the member is in it: built when they join, closed when they or the call leave.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the credentials of the first answer serve the whole call
  useEffect(() => {
    if (!inCall || callId === null || !ice) return;
    const built = new CallMesh(userId, ice, (to, body) => sendSignal(callId, to, body), redraw);
    mesh.current = built;
    window.sessionStorage.setItem(IN_CALL_KEY, String(callId));
    setMediaError(null);
    built
      .start()
      .then(async () => {
        const waiting = early.current.filter((s) => s.callId === callId);
        early.current = early.current.filter((s) => s.callId !== callId);
        for (const signal of waiting) await built.receive(signal);
        built.sync(joinedNow.current);
      })
      .catch(() => setMediaError(translate('calls.mediaError')));
    return () => {
      built.close();
      window.sessionStorage.removeItem(IN_CALL_KEY);
      if (mesh.current === built) mesh.current = null;
    };
  }, [inCall, callId, userId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: joinedKey stands for the list of who is in the call
  useEffect(() => {
    mesh.current?.sync(joinedNow.current);
  }, [joinedKey]);

  if (!call) return null;
  if (isLive(call) && call.you.state === 'invited') return <IncomingCall call={call} onChange={setCall} />;
  if (inCall) return <CallScreen call={call} mesh={mesh.current} mediaError={mediaError} onChange={setCall} />;
  // Over: those who were in it (or rang) see how it ended; a ring that stopped by itself just goes away.
  const wasIn = call.you.state === 'left' || call.you.userId === call.callerId;
  if (!wasIn) return <Dismiss onDismiss={dismiss} />;
  return <CallEnded call={call} onClose={dismiss} />;
}

function Dismiss({ onDismiss }: { onDismiss: () => void }) {
  useEffect(onDismiss, [onDismiss]);
  return null;
}
