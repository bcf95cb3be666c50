import './zod-config';
import * as z from 'zod';
import { REPORT_REASONS } from './enums';
import { validationText } from './i18n/validation';

/** How long a call rings before it counts as missed. */
export const RING_SECONDS = 45;
/** The longest a call lasts; the TURN credentials of its participants expire with it. */
export const MAX_CALL_MINUTES = 60;
/** Family members each side may add to a call (so up to four people, peer to peer). */
export const MAX_FAMILY_PER_SIDE = 2;

export const CALL_TEXTS = {
  notConfigured: 'Video calls are not set up on this server',
  unavailable: 'This member is no longer available',
  matchesOnly: 'Video calls are for matches: you can call once you have both liked each other',
  notAccepting: 'This member is not accepting calls or messages',
  upgrade: 'Video calls are part of Premium and Elite. Upgrade to call your matches.',
  youAreBusy: 'You are already in a call',
  theyAreBusy: 'is on another call. Try again in a little while.',
  notFound: 'Call not found',
  over: 'This call has ended',
  notRinging: 'This call is no longer ringing',
  notInCall: 'Join the call first',
  peerNotInCall: 'That person is not in this call',
  relayOnly: 'Only relayed connection candidates are passed on',
  familyFull: `Each side may add up to ${MAX_FAMILY_PER_SIDE} family members`,
  familyNotAllowed: 'Only family you allowed to join your video calls can be added',
  familyOnlyMembers: 'Only the two members of a call add family to it',
  notLive: 'Family join a call once it has been answered',
  ringedEnough: 'has not answered your last calls. Write to them instead, or try again in an hour.',
  tooManyCalls: 'You have started many calls in the last hour. Try again later.',
} as const;

/** Unanswered rings to one member in an hour before a caller must wait, and calls one member may start in an hour. */
export const RING_LIMITS = { unansweredPerMember: 3, startsPerHour: 20 } as const;

const id = (field: string) => z.coerce.number({ error: `${field} is required` }).int().positive(`${field} is required`);

export const startCallSchema = z.object({ calleeId: id('calleeId') }).strict();

export const addFamilySchema = z.object({ userId: id('userId') }).strict();

const SDP_MAX = 20_000;
const descriptionSchema = z.object({
  type: z.enum(['offer', 'answer'], { error: 'description.type must be offer or answer' }),
  sdp: z.string({ error: 'description.sdp must be text' }).min(1).max(SDP_MAX, `description.sdp is over ${SDP_MAX} characters`),
});
const candidateSchema = z.object({
  candidate: z.string({ error: 'candidate.candidate must be text' }).max(1000),
  sdpMid: z.string().max(64).nullish(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
  usernameFragment: z.string().max(256).nullish(),
});

/** One WebRTC signal for one other participant: a session description or an ICE candidate, never both. */
export const signalSchema = z
  .object({ to: id('to'), description: descriptionSchema.optional(), candidate: candidateSchema.optional() })
  .strict()
  .refine((s) => (s.description === undefined) !== (s.candidate === undefined), { message: 'Send a description or a candidate' });
export type SignalInput = z.infer<typeof signalSchema>;

export const callReportSchema = z
  .object({
    reportedUserId: id('reportedUserId'),
    reason: z.enum(REPORT_REASONS, { error: validationText('v.report.reasonRequired') }),
    details: z.string().trim().max(2000, validationText('v.common.detailsMax', { max: 2000 })).optional(),
  })
  .strict();

export type CallStatus = 'ringing' | 'active' | 'ended' | 'declined' | 'missed';
export type ParticipantState = 'invited' | 'joined' | 'left' | 'declined' | 'missed';

export interface CallParticipantView {
  userId: number;
  /** a member's name; a family member as "Priya's mother" */
  name: string;
  role: 'member' | 'family';
  /** the member whose side they are on */
  sideUserId: number;
  state: ParticipantState;
}

/** What a participant's app needs to reach the TURN server: RTCConfiguration's iceServers and the relay-only policy. */
export interface CallIceView {
  iceServers: Array<{ urls: string[]; username: string; credential: string }>;
  iceTransportPolicy: 'relay';
  expiresAt: string;
}

export interface CallView {
  id: number;
  status: CallStatus;
  callerId: number;
  calleeId: number;
  endReason: string | null;
  createdAt: string;
  answeredAt: string | null;
  endedAt: string | null;
  /** when a ringing call counts as missed */
  ringsUntil: string;
  /** when an answered call ends at the latest */
  endsBy: string;
  you: { userId: number; role: 'member' | 'family'; sideUserId: number; state: ParticipantState };
  participants: CallParticipantView[];
  /** TURN credentials, only for a participant of a ringing or live call */
  ice: CallIceView | null;
}

/** One call of a conversation, as the chat shows it ("Missed video call", "Video call · 12 min"). */
export interface CallLogEntry {
  id: number;
  direction: 'outgoing' | 'incoming';
  status: CallStatus;
  endReason: string | null;
  startedAt: string;
  lengthSeconds: number | null;
}

/** The chat header's call button and the call lines of one conversation (GET /api/calls/with/{userId}). */
export interface CallsWithView {
  canCall: boolean;
  /** why not, when canCall is false */
  reason: string | null;
  upgradeRequired: boolean;
  calls: CallLogEntry[];
}

/** A family member the member may add to a call: those they allowed to join calls (mayCall). */
export interface CallFamilyOption {
  userId: number;
  name: string;
  relation: string;
  /** already in this call, or in another one */
  available: boolean;
}

/** Live events about calls (event `call` on GET /api/events). */
export type CallEvent =
  | { type: 'update'; call: CallView }
  | {
      type: 'signal';
      callId: number;
      from: number;
      description?: { type: 'offer' | 'answer'; sdp: string };
      candidate?: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null; usernameFragment?: string | null };
    };

/** "3 min 12 s" / "45 s": a call's length as the chat and reports say it. */
export function callLength(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m === 0) return `${s} s`;
  return s ? `${m} min ${s} s` : `${m} min`;
}
