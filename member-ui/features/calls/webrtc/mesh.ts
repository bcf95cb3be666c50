import type { CallIceView } from '../../../../contracts/calls';

export interface SignalBody {
  description?: { type: 'offer' | 'answer'; sdp: string };
  candidate?: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null; usernameFragment?: string | null };
}

export interface IncomingSignal extends SignalBody {
  from: number;
}

interface Peer {
  pc: RTCPeerConnection;
  stream: MediaStream | null;
  /** candidates that came before the other side's description, added once it is set */
  pending: RTCIceCandidateInit[];
  described: boolean;
}

export interface RemoteVideo {
  userId: number;
  stream: MediaStream | null;
  state: RTCPeerConnectionState;
}

/**
 * The call's peer-to-peer mesh: one RTCPeerConnection to each other person in the call (at most three: a call has two
 * members and up to two family members a side, and past four people a mesh sends each picture too many times; see
 * docs/calls.md). Every connection is relay-only through the TURN server, so no one's own address is exchanged.
 * For each pair the one with the smaller user id makes the offer, so two people never offer to each other at once.
 * Signals go through the server (`send`); those that arrive before the camera is ready wait in an inbox.
 */
export class CallMesh {
  private readonly peers = new Map<number, Peer>();
  private inbox: IncomingSignal[] = [];
  private closed = false;
  local: MediaStream | null = null;
  facing: 'user' | 'environment' = 'user';

  constructor(
    private readonly selfId: number,
    private readonly ice: CallIceView,
    private readonly send: (to: number, body: SignalBody) => Promise<void>,
    private readonly onChange: () => void,
  ) {}

  /** Opens the camera and microphone, then handles what arrived meanwhile. */
  async start(): Promise<void> {
    this.local = await navigator.mediaDevices.getUserMedia({ audio: true, video: this.videoConstraints() });
    if (this.closed) {
      for (const track of this.local.getTracks()) track.stop();
      return;
    }
    this.onChange();
    const waiting = this.inbox;
    this.inbox = [];
    for (const signal of waiting) await this.receive(signal);
  }

  private videoConstraints(): MediaTrackConstraints {
    return { facingMode: this.facing, width: { ideal: 640 }, height: { ideal: 480 } };
  }

  /** The people now in the call: connect to the new ones (offering where it is ours to), drop those who left. */
  sync(joined: number[]): void {
    if (!this.local || this.closed) return;
    for (const id of joined) {
      if (id !== this.selfId && !this.peers.has(id) && this.selfId < id) void this.offerTo(id);
    }
    for (const id of [...this.peers.keys()]) if (!joined.includes(id)) this.drop(id);
  }

  private peer(id: number): Peer {
    const existing = this.peers.get(id);
    if (existing) return existing;
    const pc = new RTCPeerConnection({ iceServers: this.ice.iceServers, iceTransportPolicy: this.ice.iceTransportPolicy });
    const peer: Peer = { pc, stream: null, pending: [], described: false };
    for (const track of this.local?.getTracks() ?? []) pc.addTrack(track, this.local!);
    pc.onicecandidate = (event) => {
      const candidate = event.candidate;
      if (!candidate?.candidate) return;
      void this.send(id, { candidate: { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex, usernameFragment: candidate.usernameFragment } }).catch(() => {});
    };
    pc.ontrack = (event) => {
      peer.stream = event.streams[0] ?? new MediaStream([event.track]);
      this.onChange();
    };
    pc.onconnectionstatechange = () => this.onChange();
    this.peers.set(id, peer);
    this.onChange();
    return peer;
  }

  private async offerTo(id: number): Promise<void> {
    const { pc } = this.peer(id);
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    await this.send(id, { description: { type: 'offer', sdp: offer.sdp ?? '' } });
  }

  /** An offer, an answer or a candidate from another participant. */
  async receive(signal: IncomingSignal): Promise<void> {
    if (this.closed) return;
    if (!this.local) {
      this.inbox.push(signal);
      return;
    }
    const peer = this.peer(signal.from);
    if (signal.description) {
      await peer.pc.setRemoteDescription(signal.description);
      peer.described = true;
      for (const candidate of peer.pending.splice(0)) await peer.pc.addIceCandidate(candidate).catch(() => {});
      if (signal.description.type === 'offer') {
        const answer = await peer.pc.createAnswer();
        await peer.pc.setLocalDescription(answer);
        await this.send(signal.from, { description: { type: 'answer', sdp: answer.sdp ?? '' } });
      }
    } else if (signal.candidate) {
      if (peer.described) await peer.pc.addIceCandidate(signal.candidate).catch(() => {});
      else peer.pending.push(signal.candidate);
    }
  }

  remotes(): RemoteVideo[] {
    return [...this.peers].map(([userId, peer]) => ({ userId, stream: peer.stream, state: peer.pc.connectionState }));
  }

  setMicrophone(on: boolean): void {
    for (const track of this.local?.getAudioTracks() ?? []) track.enabled = on;
  }

  setCamera(on: boolean): void {
    for (const track of this.local?.getVideoTracks() ?? []) track.enabled = on;
  }

  /** Front to back camera (or back): the new picture replaces the old on every connection, with no renegotiation. */
  async switchCamera(): Promise<void> {
    if (!this.local) return;
    const old = this.local.getVideoTracks()[0];
    this.facing = this.facing === 'user' ? 'environment' : 'user';
    const fresh = await navigator.mediaDevices.getUserMedia({ video: this.videoConstraints() });
    const track = fresh.getVideoTracks()[0];
    track.enabled = old ? old.enabled : true;
    for (const peer of this.peers.values()) {
      const sender = peer.pc.getSenders().find((s) => s.track?.kind === 'video');
      await sender?.replaceTrack(track);
    }
    if (old) {
      this.local.removeTrack(old);
      old.stop();
    }
    this.local.addTrack(track);
    this.onChange();
  }

  private drop(id: number): void {
    this.peers.get(id)?.pc.close();
    this.peers.delete(id);
    this.onChange();
  }

  /** Hangs up here: every connection closed, the camera and microphone released. */
  close(): void {
    this.closed = true;
    for (const id of [...this.peers.keys()]) this.drop(id);
    for (const track of this.local?.getTracks() ?? []) track.stop();
    this.local = null;
  }
}

/** Whether the device has more than one camera (the switch-camera button shows only then). */
export async function hasSeveralCameras(): Promise<boolean> {
  if (!navigator.mediaDevices?.enumerateDevices) return false;
  const devices = await navigator.mediaDevices.enumerateDevices();
  return devices.filter((d) => d.kind === 'videoinput').length > 1;
}
