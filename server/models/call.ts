import { BaseModel } from './base-model';

export type CallStatus = 'ringing' | 'active' | 'ended' | 'declined' | 'missed';
export type CallEndReason = 'hangup' | 'declined' | 'missed' | 'cancelled' | 'busy' | 'blocked' | 'unmatched' | 'time_limit';

/** A video call between two matched members (the caller and the callee); its times and outcome, nothing else. */
export class Call extends BaseModel {
  static tableName = 'calls';
  static bigintColumns = ['createdAt', 'answeredAt', 'endedAt'];
  id!: number;
  callerId!: number;
  calleeId!: number;
  status!: CallStatus;
  endReason!: CallEndReason | null;
  endedBy!: number | null;
  createdAt!: number;
  answeredAt!: number | null;
  endedAt!: number | null;
}

export type ParticipantState = 'invited' | 'joined' | 'left' | 'declined' | 'missed';

/** One person of a call: one of its two members, or a family member one of them added (on that member's side). */
export class CallParticipant extends BaseModel {
  static tableName = 'call_participants';
  static bigintColumns = ['invitedAt', 'joinedAt', 'leftAt'];
  id!: number;
  callId!: number;
  userId!: number;
  sideUserId!: number;
  role!: 'member' | 'family';
  state!: ParticipantState;
  relation!: string | null;
  invitedBy!: number | null;
  invitedAt!: number;
  joinedAt!: number | null;
  leftAt!: number | null;
}
