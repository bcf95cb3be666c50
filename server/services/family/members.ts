import type { Knex } from 'knex';
import type { FamilyPermissions } from '../../policies/relationship';
import type { AppServices } from '../../context';
import type { Db } from '../../db';
import { notFound } from '../../errors';
import { FamilyMember, ProfileFamily } from '../../models/family';
import { audit } from '../audit';
import type { LiveEvents } from '../live-events';
import { endSessions } from '../session-end';
import { notify, worded } from '../notifications';
import { permissionChanges, recordProfileChange } from './activity';
import { ensureFamilyRecord, firstNameOf, peopleOf } from './people';

type Trx = Db | Knex.Transaction;

/** The relation ("mother") of a member who is one of the profile's active family members; null for anyone else. */
export async function relationOf(db: Db, profileId: number, userId: number): Promise<string | null> {
  const member = await FamilyMember.query(db).where({ profileId, userId, status: 'active' }).select('relation').first();
  return member?.relation ?? null;
}

/**
 * Ends a family member's place on the profile and every session of theirs, at once; they find why in their
 * notifications when they sign in again (their page only shows they help with nobody).
 */
export async function removeMember(services: Pick<AppServices, 'db' | 'live'>, profileId: number, memberId: number, by: { id: number }): Promise<{ userId: number }> {
  const { db } = services;
  const removed = await db.transaction(async (trx: Knex.Transaction) => {
    const member = await FamilyMember.query(trx).where({ id: memberId, profileId, status: 'active' }).first();
    if (!member) throw notFound('Family member not found');
    await FamilyMember.query(trx).findById(member.id).patch({ status: 'removed', removedAt: Date.now() });
    await endSessions(services.live, trx, { userId: member.userId });
    await audit(trx, { actorUserId: by.id, actorRole: 'member', action: 'family.member_removed', targetType: 'profile', targetId: profileId, subjectUserId: member.userId });
    return { userId: member.userId };
  });
  const { candidateFirstName, people } = await peopleOf(db, profileId);
  const name = candidateFirstName ?? firstNameOf(people.find((p) => p.role === 'candidate')?.fullName ?? null);
  await notify(services, {
    userId: removed.userId,
    type: 'other',
    ...(name
      ? worded({ id: 'server.notification.family.removedTitle', values: { name } }, { id: 'server.notification.family.removedText', values: { name } })
      : worded({ id: 'server.notification.family.removedTitleUnnamed' }, { id: 'server.notification.family.removedTextUnnamed' })),
    sourceType: 'family',
    sourceId: profileId,
  });
  return removed;
}

/** Taking a profile over: every family member is removed and signed out. Returns their account ids. */
export async function removeAllFamily(live: Pick<LiveEvents, 'publish'>, trx: Trx, profileId: number): Promise<number[]> {
  const members = await FamilyMember.query(trx).where({ profileId, status: 'active' });
  for (const member of members) {
    await FamilyMember.query(trx).findById(member.id).patch({ status: 'removed', removedAt: Date.now() });
    await endSessions(live, trx, { userId: member.userId });
  }
  return members.map((m) => m.userId);
}

export async function setPermissions(db: Db, profileId: number, changes: Partial<FamilyPermissions>, by: { id: number }): Promise<FamilyPermissions> {
  await ensureFamilyRecord(db, profileId);
  await db.transaction(async (trx: Knex.Transaction) => {
    if (Object.keys(changes).length) await ProfileFamily.query(trx).findById(profileId).patch({ ...changes, updatedAt: Date.now() });
    await audit(trx, { actorUserId: by.id, actorRole: 'member', action: 'family.permissions_set', targetType: 'profile', targetId: profileId, details: changes });
  });
  const turned = permissionChanges(changes);
  if (turned.length) await recordProfileChange(db, profileId, by.id, { action: 'permissions', fields: turned });
  const family = await ProfileFamily.query(db).findById(profileId);
  if (!family) throw notFound('Profile not found');
  return family.permissions();
}

/** Whether the profile waits, behind the consent gate, for its candidate to confirm it before others see it. */
export async function consentGateOf(db: Db, profileId: number): Promise<boolean> {
  const family = await ProfileFamily.query(db).findById(profileId).select('hiddenUntilConfirmed');
  return Boolean(family?.hiddenUntilConfirmed);
}

export async function setConsentGate(db: Db, profileId: number, hiddenUntilConfirmed: boolean, by: { id: number }): Promise<boolean> {
  await ensureFamilyRecord(db, profileId);
  await db.transaction(async (trx: Knex.Transaction) => {
    await ProfileFamily.query(trx).findById(profileId).patch({ hiddenUntilConfirmed, updatedAt: Date.now() });
    await audit(trx, { actorUserId: by.id, actorRole: 'member', action: 'family.consent_gate_set', targetType: 'profile', targetId: profileId, details: { hiddenUntilConfirmed } });
  });
  return consentGateOf(db, profileId);
}
