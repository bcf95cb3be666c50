import { CALL_TEXTS, type CallFamilyOption, type CallView, MAX_FAMILY_PER_SIDE } from '../../../contracts/calls';
import type { Db } from '../../db';
import { conflict, forbidden, said } from '../../errors';
import { CallParticipant } from '../../models/call';
import { FamilyMember } from '../../models/family';
import { Profile } from '../../models/profile';
import type { User } from '../../models/user';
import { decideFamily, familyFacts, pairFacts } from '../../policies/relationship';
import { familyActorLabel } from '../family/acts';
import { firstNameOf } from '../family/people';
import { type CallServices, LIVE_STATUSES, PRESENT_STATES, RING_MS, broadcast, liveCallOf, participation, presentCall, sweepAfter } from './state';

/**
 * A family introduction: each of the two members may bring up to MAX_FAMILY_PER_SIDE of their family into a live
 * call, from the family they allowed to join calls (the mayCall permission, off by default). Family join on that
 * member's side and leave without ending the call.
 */

interface FamilyChoice {
  /** the candidate allows family to join calls */
  allowed: boolean;
  people: Array<{ userId: number; fullName: string; relation: string }>;
}

/** The family of `member`'s own profile, and whether they may join calls. */
async function familyOf(db: Db, member: User): Promise<FamilyChoice> {
  const profile = await Profile.query(db).where({ userId: member.id, isDeleted: false }).select('id').first();
  if (!profile) return { allowed: false, people: [] };
  const facts = await familyFacts(db, null, profile.id);
  if (!facts) return { allowed: false, people: [] };
  const allowed = decideFamily({ role: 'family', consent: facts.consent, permissions: facts.permissions }, 'call');
  const people = await FamilyMember.query(db)
    .join('users', 'users.id', 'family_members.userId')
    .where({ 'family_members.profileId': profile.id, 'family_members.status': 'active', 'users.status': 'active', 'users.isDeleted': false })
    .whereNot('family_members.userId', member.id)
    .orderBy('family_members.addedAt')
    .select('family_members.userId', 'users.fullName', 'family_members.relation')
    .castTo<Array<{ userId: number; fullName: string; relation: string }>>();
  return { allowed, people };
}

/** Who of the member's family they may add to this call now (the "Add family" sheet). */
export async function familyOptions(services: CallServices, user: User, callId: number): Promise<{ allowed: boolean; people: CallFamilyOption[] }> {
  const { db } = services;
  const { me } = await participation(db, user.id, callId);
  if (me.role !== 'member') throw forbidden(CALL_TEXTS.familyOnlyMembers);
  const { allowed, people } = await familyOf(db, user);
  if (!allowed) return { allowed, people: [] };
  const options: CallFamilyOption[] = [];
  for (const person of people) {
    const busy = await liveCallOf(db, person.userId);
    options.push({ userId: person.userId, name: familyActorLabel(user.fullName, person.relation), relation: person.relation, available: !busy });
  }
  return { allowed, people: options };
}

/**
 * The candidate took back what let family join calls (mayCall off, or a family member removed): those of that profile's
 * family in a call now leave it (`only`: just that account), and everyone in the call is told, so their apps close
 * the connections to them.
 */
export async function dropFamilyFromCalls(services: CallServices, profileId: number, only?: number): Promise<void> {
  const { db } = services;
  const profile = await Profile.query(db).findById(profileId).select('userId');
  if (!profile) return;
  const query = CallParticipant.query(db)
    .join('calls', 'calls.id', 'call_participants.callId')
    .where({ 'call_participants.role': 'family', 'call_participants.sideUserId': profile.userId })
    .whereIn('call_participants.state', PRESENT_STATES)
    .whereIn('calls.status', LIVE_STATUSES)
    .select('call_participants.id', 'call_participants.callId', 'call_participants.state');
  if (only !== undefined) query.where('call_participants.userId', only);
  const now = Date.now();
  for (const row of await query) {
    await CallParticipant.query(db).findById(row.id).patch({ state: row.state === 'invited' ? 'missed' : 'left', leftAt: now });
    await broadcast(services, row.callId);
  }
}

/** Rings a family member into the call on the asking member's side. */
export async function addFamily(services: CallServices, user: User, callId: number, helperId: number): Promise<CallView> {
  const { db } = services;
  const { call, me } = await participation(db, user.id, callId);
  if (me.role !== 'member') throw forbidden(CALL_TEXTS.familyOnlyMembers);
  if (call.status !== 'active' || me.state !== 'joined') throw conflict(CALL_TEXTS.notLive);
  const { allowed, people } = await familyOf(db, user);
  const helper = people.find((p) => p.userId === helperId);
  // Anyone but the member's own family allowed to join calls gets the same answer (ids of others reveal nothing).
  if (!allowed || !helper) throw forbidden(CALL_TEXTS.familyNotAllowed);
  const otherMember = user.id === call.callerId ? call.calleeId : call.callerId;
  if ((await pairFacts(db, helperId, otherMember)).blocked) throw forbidden(CALL_TEXTS.familyNotAllowed);
  const present = await CallParticipant.query(db).where({ callId, sideUserId: user.id, role: 'family' }).whereIn('state', PRESENT_STATES);
  if (present.some((p) => p.userId === helperId)) return (await presentCall(services, call, user.id))!;
  if (present.length >= MAX_FAMILY_PER_SIDE) throw conflict(CALL_TEXTS.familyFull);
  if (await liveCallOf(db, helperId)) throw conflict(said('server.error.call.familyBusy', { name: firstNameOf(user.fullName) ?? '', relation: helper.relation }), { busy: 'them' });
  const now = Date.now();
  const earlier = await CallParticipant.query(db).where({ callId, userId: helperId }).first();
  if (earlier && earlier.sideUserId !== user.id) throw forbidden(CALL_TEXTS.familyNotAllowed);
  if (earlier) await CallParticipant.query(db).findById(earlier.id).patch({ state: 'invited', invitedAt: now, invitedBy: user.id, joinedAt: null, leftAt: null });
  else await CallParticipant.query(db).insert({ callId, userId: helperId, sideUserId: user.id, role: 'family', relation: helper.relation, state: 'invited', invitedBy: user.id, invitedAt: now });
  sweepAfter(services, RING_MS);
  await broadcast(services, callId);
  return (await presentCall(services, call, user.id))!;
}
