import type { Knex } from 'knex';
import { CALL_TEXTS, type CallView, MAX_CALL_MINUTES, RING_LIMITS, RING_SECONDS } from '../../../contracts/calls';
import type { AppServices } from '../../context';
import type { Db } from '../../db';
import { HttpError, conflict, forbidden, notFound, said, tooManyRequests } from '../../errors';
import { Call, type CallEndReason, CallParticipant, type CallStatus, type ParticipantState } from '../../models/call';
import { User } from '../../models/user';
import { relationshipBetween } from '../../policies/relationship';
import { mayStartCalls } from '../../policies/tier';
import { familyActorLabel } from '../family/acts';
import { notify, worded } from '../notifications';
import { iceFor } from './turn';

/**
 * The life of a call: ringing → active → ended, or ringing → declined | missed. Every change is one conditional
 * UPDATE (`WHERE status = 'ringing'`…), so two processes racing (a hang-up and the ring timeout, say) change it once,
 * and only the winner tells the participants and files the missed-call notification.
 */

export type CallServices = Pick<AppServices, 'db' | 'live' | 'config' | 'log'>;

export const RING_MS = RING_SECONDS * 1000;
export const MAX_CALL_MS = MAX_CALL_MINUTES * 60_000;
export const LIVE_STATUSES: CallStatus[] = ['ringing', 'active'];
export const PRESENT_STATES: ParticipantState[] = ['invited', 'joined'];

/** When the participants' TURN credentials expire: a call rings at most RING_MS and lasts at most MAX_CALL_MS. */
const credentialsExpire = (call: Call) => call.createdAt + RING_MS + MAX_CALL_MS;
const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] || fullName;
/** A member's first name in a refusal; without one, "this member" in the reader's language (said when answered). */
const nameOf = (user: { fullName?: string | null } | undefined) => (user?.fullName ? firstName(user.fullName) : said('server.text.thisMember'));

/** The live call `userId` is in or is being rung for, if any (the busy rule). */
export async function liveCallOf(db: Db | Knex.Transaction, userId: number, except?: number): Promise<Call | undefined> {
  const query = Call.query(db)
    .join('call_participants as cp', 'cp.callId', 'calls.id')
    .where('cp.userId', userId)
    .whereIn('cp.state', PRESENT_STATES)
    .whereIn('calls.status', LIVE_STATUSES)
    .select('calls.*');
  if (except !== undefined) query.whereNot('calls.id', except);
  return query.first();
}

/** The call and the asker's place in it; a call they are not part of does not exist for them (404). */
export async function participation(db: Db, userId: number, callId: number): Promise<{ call: Call; me: CallParticipant }> {
  const me = await CallParticipant.query(db).where({ callId, userId }).first();
  const call = me ? await Call.query(db).findById(callId) : undefined;
  if (!me || !call) throw notFound(CALL_TEXTS.notFound);
  return { call, me };
}

/** The call as `viewerId` sees it; TURN credentials only while they are rung or in a call that is still live. */
export async function presentCall(services: Pick<CallServices, 'db' | 'config'>, call: Call, viewerId: number): Promise<CallView | null> {
  const rows = await CallParticipant.query(services.db).where({ callId: call.id }).orderBy('id');
  const me = rows.find((r) => r.userId === viewerId);
  if (!me) return null;
  const users = await User.query(services.db)
    .whereIn('id', [...new Set(rows.flatMap((r) => [r.userId, r.sideUserId]))])
    .select('id', 'fullName');
  const names = new Map(users.map((u) => [u.id, u.fullName]));
  const live = LIVE_STATUSES.includes(call.status) && PRESENT_STATES.includes(me.state);
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: call.id,
    status: call.status,
    callerId: call.callerId,
    calleeId: call.calleeId,
    endReason: call.endReason,
    createdAt: new Date(call.createdAt).toISOString(),
    answeredAt: iso(call.answeredAt),
    endedAt: iso(call.endedAt),
    ringsUntil: new Date(call.createdAt + RING_MS).toISOString(),
    endsBy: new Date((call.answeredAt ?? call.createdAt + RING_MS) + MAX_CALL_MS).toISOString(),
    you: { userId: viewerId, role: me.role, sideUserId: me.sideUserId, state: me.state },
    participants: rows.map((r) => ({
      userId: r.userId,
      // A family member is named as whose family they are ("Priya's mother"), as their messages are.
      name: r.role === 'member' ? (names.get(r.userId) ?? 'Member') : familyActorLabel(names.get(r.sideUserId) ?? null, r.relation ?? 'family'),
      role: r.role,
      sideUserId: r.sideUserId,
      state: r.state,
    })),
    ice: live && services.config.turn ? iceFor(services.config.turn, viewerId, credentialsExpire(call)) : null,
  };
}

/** Tells every participant (present or gone) the call as it is now, each their own view. */
export async function broadcast(services: CallServices, callId: number): Promise<void> {
  const call = await Call.query(services.db).findById(callId);
  if (!call) return;
  for (const row of await CallParticipant.query(services.db).where({ callId }).select('userId')) {
    const view = await presentCall(services, call, row.userId);
    if (view) services.live.publish({ userId: row.userId, kind: 'call', payload: { type: 'update', call: view } });
  }
}

/** Why `caller` may not call `calleeId` now (null: they may): the relationship policy, then the plan, then the server. */
export async function callRefusal(services: Pick<CallServices, 'db' | 'config'>, caller: User, calleeId: number): Promise<HttpError | null> {
  if (calleeId === caller.id) return new HttpError(400, 'You cannot call yourself', 'bad_request');
  const relationship = await relationshipBetween(services.db, caller, calleeId);
  // Blocked either way, gone, hidden: one answer for all, like a member who never was.
  if (!relationship.knows) return notFound(CALL_TEXTS.unavailable);
  if (!relationship.pair.matched) return forbidden(CALL_TEXTS.matchesOnly);
  if (relationship.messageRefusal === 'not-accepting') return forbidden(CALL_TEXTS.notAccepting);
  if (!mayStartCalls(caller)) return forbidden(CALL_TEXTS.upgrade, { upgradeRequired: true });
  if (!services.config.turn) return new HttpError(503, CALL_TEXTS.notConfigured, 'calls_not_configured');
  return null;
}

/** Rings `calleeId`. 409 when either is already in a call; the callee is then told they missed one. */
export async function startCall(services: CallServices, caller: User, calleeId: number): Promise<CallView> {
  const { db } = services;
  await sweepCalls(services);
  const refusal = await callRefusal(services, caller, calleeId);
  if (refusal) throw refusal;
  if (await liveCallOf(db, caller.id)) throw conflict(CALL_TEXTS.youAreBusy, { busy: 'you' });
  const now = Date.now();
  await checkRingLimits(db, caller.id, calleeId, now);
  if (await liveCallOf(db, calleeId)) {
    const busy = await Call.query(db).insertAndFetch({ callerId: caller.id, calleeId, status: 'ringing', createdAt: now });
    await missCall(services, busy, 'busy');
    const callee = await User.query(db).findById(calleeId).select('fullName');
    throw conflict(said('server.error.call.theyAreBusy', { name: nameOf(callee) }), { busy: 'them' });
  }
  const call = await db.transaction(async (trx) => {
    const inserted = await Call.query(trx).insertAndFetch({ callerId: caller.id, calleeId, status: 'ringing', createdAt: now });
    await CallParticipant.query(trx).insert({ callId: inserted.id, userId: caller.id, sideUserId: caller.id, role: 'member', state: 'joined', invitedAt: now, joinedAt: now });
    await CallParticipant.query(trx).insert({ callId: inserted.id, userId: calleeId, sideUserId: calleeId, role: 'member', state: 'invited', invitedAt: now });
    return inserted;
  });
  sweepAfter(services, RING_MS);
  await broadcast(services, call.id);
  return (await presentCall(services, call, caller.id))!;
}

/**
 * A ring is an interruption on the other member's phone: a caller whose last rings to one member went unanswered waits
 * an hour before ringing them again, and nobody starts more than a set number of calls an hour (counted from the
 * calls table, so every process agrees). A block remains the member's own answer to anyone who persists.
 */
async function checkRingLimits(db: Db, callerId: number, calleeId: number, now: number): Promise<void> {
  const hourAgo = now - 3_600_000;
  const recent = await Call.query(db).where('callerId', callerId).where('createdAt', '>', hourAgo).select('calleeId', 'answeredAt', 'createdAt');
  if (recent.length >= RING_LIMITS.startsPerHour) {
    const oldest = Math.min(...recent.map((c) => Number(c.createdAt)));
    throw tooManyRequests(CALL_TEXTS.tooManyCalls, (oldest + 3_600_000 - now) / 1000);
  }
  const unanswered = recent.filter((c) => c.calleeId === calleeId && c.answeredAt === null);
  if (unanswered.length >= RING_LIMITS.unansweredPerMember) {
    const callee = await User.query(db).findById(calleeId).select('fullName');
    const oldest = Math.min(...unanswered.map((c) => Number(c.createdAt)));
    throw tooManyRequests(said('server.error.call.ringedEnough', { name: nameOf(callee) }), (oldest + 3_600_000 - now) / 1000);
  }
}

/** The callee answers (the call goes live), or an invited family member joins a live call. */
export async function acceptCall(services: CallServices, user: User, callId: number): Promise<CallView> {
  const { db } = services;
  await sweepCalls(services);
  const { call, me } = await participation(db, user.id, callId);
  if (me.state === 'joined') return (await presentCall(services, call, user.id))!;
  if (me.state !== 'invited') throw conflict(LIVE_STATUSES.includes(call.status) ? CALL_TEXTS.notRinging : CALL_TEXTS.over);
  const now = Date.now();
  if (me.role === 'member') {
    const answered = await Call.query(db).where({ id: callId, status: 'ringing' }).patch({ status: 'active', answeredAt: now });
    if (!answered) throw conflict(CALL_TEXTS.over);
  } else if (call.status !== 'active') {
    throw conflict(CALL_TEXTS.over);
  }
  await CallParticipant.query(db).where({ id: me.id, state: 'invited' }).patch({ state: 'joined', joinedAt: now });
  await broadcast(services, callId);
  return (await presentCall(services, (await Call.query(db).findById(callId))!, user.id))!;
}

/** The callee turns the call down; an invited family member turns their invitation down. */
export async function declineCall(services: CallServices, user: User, callId: number): Promise<CallView> {
  const { db } = services;
  const { call, me } = await participation(db, user.id, callId);
  if (me.state !== 'invited') throw conflict(CALL_TEXTS.notRinging);
  const now = Date.now();
  if (me.role === 'member') {
    const declined = await Call.query(db).where({ id: callId, status: 'ringing' }).patch({ status: 'declined', endReason: 'declined', endedBy: user.id, endedAt: now });
    if (!declined) throw conflict(CALL_TEXTS.notRinging);
    await closeParticipants(db, callId, now, 'declined');
  } else {
    await CallParticipant.query(db).where({ id: me.id, state: 'invited' }).patch({ state: 'declined', leftAt: now });
  }
  await broadcast(services, call.id);
  return (await presentCall(services, (await Call.query(db).findById(callId))!, user.id))!;
}

/**
 * Hanging up. A member hanging up ends the call for everyone (family join the two members, not each other); the
 * caller hanging up while it rings makes it a missed call; family hanging up leave, and the call goes on.
 */
export async function hangUp(services: CallServices, user: User, callId: number): Promise<CallView> {
  const { db } = services;
  const { call, me } = await participation(db, user.id, callId);
  const now = Date.now();
  if (me.role === 'family') {
    await CallParticipant.query(db).where({ id: me.id }).whereIn('state', PRESENT_STATES).patch({ state: me.state === 'invited' ? 'declined' : 'left', leftAt: now });
    await broadcast(services, callId);
  } else if (call.status === 'ringing') {
    if (user.id === call.callerId) await missCall(services, call, 'cancelled');
    else return declineCall(services, user, callId);
  } else if (call.status === 'active') {
    await endCall(services, callId, 'hangup', user.id);
  }
  return (await presentCall(services, (await Call.query(db).findById(callId))!, user.id))!;
}

/** Present participants leave: the invited missed it (or declined), the joined left. */
async function closeParticipants(db: Db, callId: number, now: number, invited: ParticipantState = 'missed'): Promise<void> {
  await CallParticipant.query(db).where({ callId, state: 'invited' }).patch({ state: invited, leftAt: now });
  await CallParticipant.query(db).where({ callId, state: 'joined' }).patch({ state: 'left', leftAt: now });
}

/** Ends a live call (hang-up, block, unmatch, the length limit); false when it had already ended. */
export async function endCall(services: CallServices, callId: number, reason: CallEndReason, by: number | null): Promise<boolean> {
  const now = Date.now();
  const ended = await Call.query(services.db).where('id', callId).whereIn('status', LIVE_STATUSES).patch({ status: 'ended', endReason: reason, endedBy: by, endedAt: now });
  if (!ended) return false;
  await closeParticipants(services.db, callId, now);
  await broadcast(services, callId);
  return true;
}

/** A ringing call nobody answered (timeout, the caller gave up, or the callee was busy): the callee is told. */
async function missCall(services: CallServices, call: Call, reason: 'missed' | 'cancelled' | 'busy'): Promise<void> {
  const now = Date.now();
  const missed = await Call.query(services.db).where({ id: call.id, status: 'ringing' }).patch({ status: 'missed', endReason: reason, endedAt: now, endedBy: reason === 'cancelled' ? call.callerId : null });
  if (!missed) return;
  await closeParticipants(services.db, call.id, now);
  await broadcast(services, call.id);
  const caller = await User.query(services.db).findById(call.callerId).select('fullName');
  await notify(services, {
    userId: call.calleeId,
    type: 'missed_call',
    ...worded(caller ? { id: 'server.notification.missedCallTitle', values: { name: caller.fullName } } : { id: 'server.notification.missedCallTitleUnnamed' }),
    relatedItemId: call.callerId,
    sourceId: call.id,
    sourceType: 'call',
    actorUserId: call.callerId,
  });
}

/**
 * Calls whose time is up, on any process: unanswered after RING_MS (missed), past their longest length, and family
 * invitations nobody answered. Run by a timer after each ring and at the start of every calls request, so a process
 * that rang and then stopped leaves nothing ringing.
 */
export async function sweepCalls(services: CallServices): Promise<void> {
  const { db } = services;
  const now = Date.now();
  for (const call of await Call.query(db).where('status', 'ringing').where('createdAt', '<=', now - RING_MS)) await missCall(services, call, 'missed');
  for (const call of await Call.query(db).where('status', 'active').where('answeredAt', '<=', now - MAX_CALL_MS)) await endCall(services, call.id, 'time_limit', null);
  const unanswered = await CallParticipant.query(db).where({ role: 'family', state: 'invited' }).where('invitedAt', '<=', now - RING_MS);
  for (const invitation of unanswered) {
    if (await CallParticipant.query(db).where({ id: invitation.id, state: 'invited' }).patch({ state: 'missed', leftAt: now })) await broadcast(services, invitation.callId);
  }
}

export function sweepAfter(services: CallServices, ms: number): void {
  setTimeout(() => {
    sweepCalls(services).catch((error: unknown) => services.log({ level: 'warn', msg: 'calls: sweep failed', err: String(error) }));
  }, ms + 250).unref();
}

/** A block or an unlike ends what the two shared, their calls too (ringing or live). */
export async function endCallsBetween(services: CallServices, a: number, b: number, reason: 'blocked' | 'unmatched'): Promise<void> {
  const calls = await Call.query(services.db)
    .whereIn('status', LIVE_STATUSES)
    .where((q) => q.where({ callerId: a, calleeId: b }).orWhere({ callerId: b, calleeId: a }))
    .select('id');
  for (const call of calls) await endCall(services, call.id, reason, a);
}
