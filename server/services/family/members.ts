import type { Knex } from 'knex';
import type { FamilyPermissions } from '../../policies/relationship';
import type { AppServices } from '../../context';
import type { Db } from '../../db';
import { notFound } from '../../errors';
import { endSessionsOfUser } from '../../middleware/session-store';
import { audit } from '../audit';
import { notify } from '../notifications';
import { ensureFamilyRecord, firstNameOf, peopleOf } from './people';

type Trx = Db | Knex.Transaction;

/**
 * Before the candidate accepts, the family member who made the profile signs in with the profile's own account.
 * When the candidate takes the profile, that sign-in (username, email, password, two-factor secret and recovery
 * codes) moves to a new account of the family member's own, recorded as the family member; their open sessions end
 * (they sign in again with the same username and password, now into their own account). The profile's account
 * keeps everything that belongs to the profile: likes, matches, messages, notifications, subscription.
 */
export async function moveLoginToOwnAccount(trx: Trx, profileId: number, profileUserId: number): Promise<number | null> {
  const holder = await trx('family_members').where({ profileId, userId: profileUserId, status: 'active' }).first('id');
  if (!holder) return null;
  const login = await trx('users').where({ id: profileUserId }).first();
  const now = Date.now();
  // Free the login names first: usernames and emails are unique.
  await trx('users').where({ id: profileUserId }).update({ usernameLower: `~moved-${profileUserId}`, emailLower: `~moved-${profileUserId}@family.invalid` });
  const [row] = await trx('users')
    .insert({
      fullName: login.fullName,
      username: login.username,
      usernameLower: login.usernameLower,
      email: login.email,
      emailLower: login.emailLower,
      passwordHash: login.passwordHash,
      role: 'member',
      status: 'active',
      subscriptionTier: 'tryme',
      subscriptionEnds: null,
      registrationNumber: null,
      messageCount: 0,
      isVerified: false,
      totpSecret: login.totpSecret,
      totpEnabled: login.totpEnabled,
      totpLastStep: login.totpLastStep,
      passwordChangedAt: login.passwordChangedAt,
      emailConfirmedAt: login.emailConfirmedAt,
      isDeleted: false,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id');
  const familyUserId = typeof row === 'object' ? (row as { id: number }).id : Number(row);
  await trx('privacy_settings').insert({ userId: familyUserId, updatedAt: now });
  await trx('notification_settings').insert({ userId: familyUserId, updatedAt: now });
  await trx('totp_recovery_codes').where({ userId: profileUserId }).update({ userId: familyUserId });
  await trx('family_members').where({ id: holder.id }).update({ userId: familyUserId });
  await trx('family_suggestions').where({ profileId, suggestedBy: profileUserId }).update({ suggestedBy: familyUserId });
  await trx('family_thread_messages').where({ profileId, authorId: profileUserId }).update({ authorId: familyUserId });
  await trx('sessions').where({ userId: profileUserId }).delete();
  return familyUserId;
}

/**
 * Ends a family member's place on the profile and every session of theirs, at once; they find why in their
 * notifications when they sign in again (their page only shows they help with nobody).
 */
export async function removeMember(services: Pick<AppServices, 'db' | 'live'>, profileId: number, memberId: number, by: { id: number }): Promise<{ userId: number }> {
  const { db } = services;
  const removed = await db.transaction(async (trx: Knex.Transaction) => {
    const member = await trx('family_members').where({ id: memberId, profileId, status: 'active' }).first('id', 'userId');
    if (!member) throw notFound('Family member not found');
    await trx('family_members').where({ id: member.id }).update({ status: 'removed', removedAt: Date.now() });
    await endSessionsOfUser(trx as unknown as Db, member.userId);
    await audit(trx, { actorUserId: by.id, actorRole: 'member', action: 'family.member_removed', targetType: 'profile', targetId: profileId, subjectUserId: member.userId });
    return { userId: member.userId };
  });
  const { candidateFirstName, people } = await peopleOf(db, profileId);
  const name = candidateFirstName ?? firstNameOf(people.find((p) => p.role === 'candidate')?.fullName ?? null);
  await notify(services, {
    userId: removed.userId,
    type: 'other',
    title: name ? `${name} removed you from their family on Saathi` : 'You were removed from a family on Saathi',
    content: `You no longer help with ${name ? `${name}’s` : 'their'} profile, and were signed out. What you suggested and wrote stays with them.`,
    sourceType: 'family',
    sourceId: profileId,
  });
  return removed;
}

/** Taking a profile over: every family member is removed and signed out. Returns their account ids. */
export async function removeAllFamily(trx: Trx, profileId: number): Promise<number[]> {
  const members = await trx('family_members').where({ profileId, status: 'active' }).select('id', 'userId');
  for (const member of members) {
    await trx('family_members').where({ id: member.id }).update({ status: 'removed', removedAt: Date.now() });
    await trx('sessions').where({ userId: member.userId }).delete();
  }
  return members.map((m) => Number(m.userId));
}

export async function setPermissions(db: Db, profileId: number, changes: Partial<FamilyPermissions>, by: { id: number }): Promise<FamilyPermissions> {
  await ensureFamilyRecord(db, profileId);
  await db.transaction(async (trx: Knex.Transaction) => {
    if (Object.keys(changes).length) await trx('profile_family').where({ profileId }).update({ ...changes, updatedAt: Date.now() });
    await audit(trx, { actorUserId: by.id, actorRole: 'member', action: 'family.permissions_set', targetType: 'profile', targetId: profileId, details: changes });
  });
  const row = await db('profile_family').where({ profileId }).first();
  const flag = (v: unknown) => Boolean(Number(v));
  return { mayEdit: flag(row.mayEdit), maySearch: flag(row.maySearch), mayLike: flag(row.mayLike), mayShortlist: flag(row.mayShortlist), mayMessage: flag(row.mayMessage) };
}
