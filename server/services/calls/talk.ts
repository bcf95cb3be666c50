import { CALL_TEXTS, type CallsWithView, type SignalInput, callLength, type callReportSchema } from '../../../contracts/calls';
import type * as z from 'zod';
import { badRequest, conflict, notFound } from '../../errors';
import { Call, CallParticipant } from '../../models/call';
import { Profile } from '../../models/profile';
import type { User } from '../../models/user';
import { relationshipBetween } from '../../policies/relationship';
import { fileReport } from '../reports';
import { type CallServices, callRefusal, participation } from './state';

/** A relayed candidate names the TURN server's address only: `typ relay`. Anything else would carry a member's own. */
const RELAYED = / typ relay( |$)/;

/**
 * Passes one WebRTC signal (an offer, an answer or an ICE candidate) from one participant of a live call to another,
 * over the live channel. Both must be in the call now; a candidate or SDP naming anything but a relayed address is
 * refused, so no member's IP address reaches another even from a client that ignores the relay-only policy.
 */
export async function relaySignal(services: CallServices, user: User, callId: number, input: SignalInput): Promise<void> {
  const { db } = services;
  const { call, me } = await participation(db, user.id, callId);
  if (call.status !== 'active') throw conflict(CALL_TEXTS.over);
  if (me.state !== 'joined') throw conflict(CALL_TEXTS.notInCall);
  const peer = input.to === user.id ? undefined : await CallParticipant.query(db).where({ callId, userId: input.to, state: 'joined' }).first();
  if (!peer) throw conflict(CALL_TEXTS.peerNotInCall);
  if (input.candidate && input.candidate.candidate !== '' && !RELAYED.test(input.candidate.candidate)) throw badRequest(CALL_TEXTS.relayOnly);
  const sdpCandidates = input.description?.sdp.split(/\r?\n/).filter((line) => line.startsWith('a=candidate:')) ?? [];
  if (sdpCandidates.some((line) => !RELAYED.test(line))) throw badRequest(CALL_TEXTS.relayOnly);
  services.live.publish({
    userId: peer.userId,
    kind: 'call',
    payload: { type: 'signal', callId, from: user.id, ...(input.description ? { description: input.description } : {}), ...(input.candidate ? { candidate: input.candidate } : {}) },
  });
}

/** A report filed from the call screen: about someone in that call, carrying when it started and how long it lasted. */
export async function reportFromCall(services: CallServices, user: User, callId: number, input: z.infer<typeof callReportSchema>): Promise<number> {
  const { db } = services;
  const { call } = await participation(db, user.id, callId);
  if (input.reportedUserId === user.id) throw badRequest('You cannot report yourself');
  const reported = await CallParticipant.query(db).where({ callId, userId: input.reportedUserId }).first();
  if (!reported) throw notFound('That person was not in this call');
  const seconds = call.answeredAt ? Math.round(((call.endedAt ?? Date.now()) - call.answeredAt) / 1000) : 0;
  const when = new Date(call.createdAt).toISOString().replace('T', ' ').slice(0, 16);
  const context = `Reported from a video call started ${when} UTC, ${call.answeredAt ? `length ${callLength(seconds)}` : 'not answered'}.`;
  const profile = await Profile.query(db).where({ userId: input.reportedUserId, isDeleted: false }).select('id').first();
  return fileReport(db, {
    reporterId: user.id,
    reportedUserId: input.reportedUserId,
    reportedProfileId: profile?.id ?? null,
    reason: input.reason,
    details: input.details ? `${context}\n\n${input.details}` : context,
    filedFrom: 'video_call',
  });
}

const LOG_LIMIT = 50;

/** The chat's view of calls with one member: may they be called now, and the calls between the two. */
export async function callsWith(services: CallServices, user: User, otherId: number): Promise<CallsWithView> {
  const { db } = services;
  if (otherId === user.id || !(await relationshipBetween(db, user, otherId)).knows) throw notFound(CALL_TEXTS.unavailable);
  const refusal = await callRefusal(services, user, otherId);
  const newest = await Call.query(db)
    .where((q) => q.where({ callerId: user.id, calleeId: otherId }).orWhere({ callerId: otherId, calleeId: user.id }))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(LOG_LIMIT);
  return {
    canCall: refusal === null,
    reason: refusal?.message ?? null,
    upgradeRequired: refusal?.extra.upgradeRequired === true,
    calls: newest.reverse().map((c) => ({
      id: c.id,
      direction: c.callerId === user.id ? 'outgoing' : 'incoming',
      status: c.status,
      endReason: c.endReason,
      startedAt: new Date(c.createdAt).toISOString(),
      lengthSeconds: c.answeredAt && c.endedAt ? Math.round((c.endedAt - c.answeredAt) / 1000) : null,
    })),
  };
}
