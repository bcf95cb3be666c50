import type { Knex } from 'knex';
import type { FamilyAccountInput, FamilyAnswerInput, FamilyInviteInput } from '../../../contracts/family';
import type { AppServices } from '../../context';
import type { Db } from '../../db';
import { conflict, gone, notFound, tooManyRequests } from '../../errors';
import { hitRateLimit } from '../../middleware/rate-limit';
import { FamilyInvitation, FamilyMember, ProfileFamily } from '../../models/family';
import { Profile } from '../../models/profile';
import { User } from '../../models/user';
import { MAX_FAMILY_MEMBERS } from '../../policies/relationship';
import { createAccount, takenField } from '../accounts';
import { audit } from '../audit';
import { familyDeclinedEmail, familyInviteEmail } from '../email/templates';
import { sendMail } from '../mail';
import { notify } from '../notifications';
import { fileReport } from '../reports';
import { hashPassword, randomToken, sha256 } from '../passwords';
import { ensureFamilyRecord, firstNameOf, mailableFirstName } from './people';
import { moveLoginToOwnAccount, removeAllFamily } from './members';

export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 3600_000;

type Services = Pick<AppServices, 'db' | 'config' | 'live'>;

function origin(services: Services): string {
  return services.config.publicUrl ?? `http://localhost:${services.config.port}`;
}

/**
 * Invites the candidate (by family, while the profile is unconfirmed) or a family member (by the candidate). The
 * link carries a random token stored only as its hash; it works once and for seven days. A new invitation of the
 * candidate replaces an earlier one still open.
 */
export async function invite(services: Services, inviter: { id: number; fullName: string }, profileId: number, input: FamilyInviteInput, inviterRelation: string | null) {
  const { db } = services;
  await ensureFamilyRecord(db, profileId);
  await countInvitation(db, inviter.id, profileId, input.email);
  if (input.role === 'family') {
    const active = await FamilyMember.query(db).where({ profileId, status: 'active' }).resultSize();
    const open = await FamilyInvitation.query(db).where({ profileId, role: 'family' }).whereNull('usedAt').where('expiresAt', '>', Date.now()).resultSize();
    if (active + open >= MAX_FAMILY_MEMBERS) {
      throw conflict(`A profile can have at most ${MAX_FAMILY_MEMBERS} family members, counting open invitations`);
    }
  }
  const token = randomToken(32);
  const now = Date.now();
  const { id } = await db.transaction(async (trx: Knex.Transaction) => {
    if (input.role === 'candidate') {
      await FamilyInvitation.query(trx).where({ profileId, role: 'candidate' }).whereNull('usedAt').patch({ usedAt: now, outcome: 'replaced' });
      await ProfileFamily.query(trx).findById(profileId).patch({ candidateFirstName: input.firstName, updatedAt: now });
    }
    await audit(trx, { actorUserId: inviter.id, actorRole: 'member', action: `family.invite_${input.role}`, targetType: 'profile', targetId: profileId });
    return FamilyInvitation.query(trx)
      .insert({
        profileId,
        invitedBy: inviter.id,
        role: input.role,
        relation: input.role === 'family' ? input.relation : null,
        email: input.email,
        tokenHash: sha256(token),
        expiresAt: now + INVITATION_DAYS * DAY_MS,
        createdAt: now,
      });
  });
  const link = `${origin(services)}/family-invite/${token}`;
  const mail = await familyInviteEmail({
    name: input.role === 'candidate' ? input.firstName : null,
    inviterFirstName: mailableFirstName(inviter.fullName),
    inviterRole: inviterRelation ?? 'family',
    role: input.role,
    relation: input.role === 'family' ? input.relation : null,
    link,
    expiresDays: INVITATION_DAYS,
  });
  await sendMail(services.config, db, { to: input.email, subject: mail.subject, text: mail.text, html: mail.html, kind: 'notification' });
  return { id, expiresAt: new Date(now + INVITATION_DAYS * DAY_MS).toISOString() };
}

/** How many invitations a day each member may send, each profile may have sent for it, and each address may get. */
export const INVITATIONS_PER_DAY = 5;
export const INVITATION_LIMIT_MESSAGE = 'That is as many invitations as Saathi sends in a day. Please try again tomorrow.';

/**
 * Invitations are email to outside addresses a member typed: counted per member, per profile and per recipient
 * address (a digest: the limiter table holds no addresses) before anything is sent, so Saathi cannot be used to
 * flood anyone's mailbox.
 */
async function countInvitation(db: Db, inviterId: number, profileId: number, email: string): Promise<void> {
  const rule = { max: INVITATIONS_PER_DAY, windowMs: DAY_MS };
  let wait: number | null = null;
  for (const key of [`family-invite-member:${inviterId}`, `family-invite-profile:${profileId}`, `family-invite-to:${sha256(email.toLowerCase()).slice(0, 24)}`]) {
    const w = await hitRateLimit(db, key, rule);
    if (w !== null) wait = Math.max(wait ?? 0, w);
  }
  if (wait !== null) throw tooManyRequests(INVITATION_LIMIT_MESSAGE, wait);
}

/** The invitations of a profile still waiting for an answer, oldest first. */
export async function openInvitationsOf(db: Db, profileId: number): Promise<FamilyInvitation[]> {
  return FamilyInvitation.query(db).where({ profileId }).whereNull('usedAt').where('expiresAt', '>', Date.now()).orderBy('createdAt').select('id', 'role', 'relation', 'email', 'expiresAt');
}

/** An invitation of the profile not answered yet (expired or not): the one its people may withdraw. */
export async function unansweredInvitation(db: Db, profileId: number, invitationId: number): Promise<FamilyInvitation | undefined> {
  return FamilyInvitation.query(db).where({ id: invitationId, profileId }).whereNull('usedAt').select('id', 'role').first();
}

export async function revokeInvitation(db: Db, invitationId: number): Promise<void> {
  await FamilyInvitation.query(db).findById(invitationId).patch({ usedAt: Date.now(), outcome: 'revoked' });
}

/** The open invitation behind a link: 404 for a link that never was, 410 for one used or expired. */
export async function invitationByToken(db: Db, token: string) {
  const invitation = await FamilyInvitation.query(db).where({ tokenHash: sha256(token) }).first();
  if (!invitation) throw notFound('This invitation link is not valid');
  if (invitation.usedAt !== null) throw gone('This invitation was already answered or replaced by a newer one');
  if (invitation.expiresAt <= Date.now()) throw gone('This invitation has expired: ask for a new one');
  const profile = await Profile.query(db).where({ id: invitation.profileId, isDeleted: false }).select('id', 'userId', 'fullName', 'profileType').first();
  if (!profile) throw gone('This profile was deleted');
  const inviter = await User.query(db).findById(invitation.invitedBy).select('fullName');
  const family = await ProfileFamily.query(db).findById(profile.id);
  return { invitation, profile, inviterName: inviter?.fullName ?? 'A family member', consent: family?.consent ?? 'unconfirmed', candidateFirstName: family?.candidateFirstName ?? firstNameOf(profile.fullName) };
}

async function tellFamily(services: Services, profileId: number, title: string, content: string, email?: (name: string) => ReturnType<typeof familyDeclinedEmail>) {
  const members = await User.query(services.db).join('family_members', 'family_members.userId', 'users.id').where({ 'family_members.profileId': profileId, 'family_members.status': 'active' }).select('users.id', 'users.fullName', 'users.email');
  for (const member of members) {
    await notify(services, { userId: member.id, type: 'other', title, content, sourceType: 'family', sourceId: profileId });
    if (email) {
      const mail = await email(member.fullName);
      await sendMail(services.config, services.db, { to: member.email, subject: mail.subject, text: mail.text, html: mail.html, kind: 'notification' });
    }
  }
}

export type CandidateAnswer = FamilyAnswerInput['answer'];

/**
 * The candidate's answer. Accepting gives them the profile: its member account becomes theirs (their name, their
 * password) and the family member who signed in with it moves to an account of their own. Taking over does the
 * same and removes every family member. Declining hides the profile from everyone and tells the family.
 * Returns the profile's account id when the candidate now holds it (to sign them in).
 */
export async function answerAsCandidate(
  services: Services,
  token: string,
  { answer, report, details }: FamilyAnswerInput,
  account: FamilyAccountInput | null,
): Promise<number | null> {
  const { db } = services;
  const { invitation, profile, candidateFirstName } = await invitationByToken(db, token);
  if (invitation.role !== 'candidate') throw notFound('This invitation link is not valid');
  const name = candidateFirstName ?? 'The person it was made for';
  const now = Date.now();
  if (answer === 'decline') {
    await db.transaction(async (trx: Knex.Transaction) => {
      await FamilyInvitation.query(trx).findById(invitation.id).patch({ usedAt: now, outcome: 'declined' });
      await ProfileFamily.query(trx).findById(profile.id).patch({ consent: 'declined', updatedAt: now });
      await audit(trx, { actorUserId: null, actorRole: null, action: 'family.candidate_declined', targetType: 'profile', targetId: profile.id });
      if (report) {
        // Filed by the person the profile was made for, who has no account here: the ops queue shows it first. The
        // family are told of the decline, not of the report.
        await fileReport(trx, {
          reporterId: null,
          reportedUserId: profile.userId,
          reportedProfileId: profile.id,
          reason: 'made_without_consent',
          filedFrom: 'family_decline',
          details: [`Declined by the person the profile was made for (invited at ${invitation.email}).`, details].filter(Boolean).join('\n\n'),
        });
      }
    });
    await tellFamily(services, profile.id, `${name} declined the profile`, `${name} declined the profile you made for them. It is hidden from every member.`, (memberName) =>
      familyDeclinedEmail({ name: memberName, candidateName: name, url: `${origin(services)}/family` }),
    );
    return null;
  }
  if (!account) throw conflict('Choose your name, username and password to accept');
  const taken = await takenField(db, account.username, invitation.email);
  if (taken) throw conflict(taken === 'username' ? 'That username is taken' : 'An account with this email already exists: accept with a different invitation email', { field: taken });
  const passwordHash = await hashPassword(account.password, services.config.argon2);
  let removedFamily: number[] = [];
  await db.transaction(async (trx: Knex.Transaction) => {
    await FamilyInvitation.query(trx).findById(invitation.id).patch({ usedAt: now, outcome: answer === 'take_over' ? 'taken_over' : 'accepted' });
    await moveLoginToOwnAccount(services.live, trx, profile.id, profile.userId);
    await User.query(trx).findById(profile.userId).patch({
      fullName: account.fullName,
      username: account.username,
      usernameLower: account.username.toLowerCase(),
      email: invitation.email,
      emailLower: invitation.email.toLowerCase(),
      passwordHash,
      totpSecret: null,
      totpEnabled: false,
      totpLastStep: null,
      passwordChangedAt: now,
      // the invitation reached this address: it is confirmed
      emailConfirmedAt: now,
      updatedAt: now,
    });
    await ProfileFamily.query(trx).findById(profile.id).patch({ consent: 'confirmed', candidateFirstName: firstNameOf(account.fullName), updatedAt: now });
    if (answer === 'take_over') removedFamily = await removeAllFamily(services.live, trx, profile.id);
    await audit(trx, { actorUserId: profile.userId, actorRole: 'member', action: answer === 'take_over' ? 'family.candidate_took_over' : 'family.candidate_accepted', targetType: 'profile', targetId: profile.id, subjectUserId: profile.userId });
  });
  if (answer === 'accept') {
    await tellFamily(services, profile.id, `${name} accepted the profile`, `${name} accepted the profile and now holds it. Sign in again with your own username and password: you now have an account of your own.`);
  }
  // Signed out by the take-over, the family find why when they sign in again with their own username and password.
  const first = firstNameOf(account.fullName) ?? name;
  for (const userId of removedFamily) {
    await notify(services, { userId, type: 'other', title: `${first} took the profile over`, content: `${first} now holds the profile alone: family no longer help with it, and you were signed out.`, sourceType: 'family', sourceId: profile.id });
  }
  return profile.userId;
}

/**
 * A family member's acceptance: with the account they are signed in with (one that holds no profile of its own)
 * or a new one made from `account`. Returns the family member's account id.
 */
export async function answerAsFamily(services: Services, token: string, signedIn: { id: number } | null, account: FamilyAccountInput | null): Promise<number> {
  const { db } = services;
  const { invitation, profile } = await invitationByToken(db, token);
  const { relation } = invitation;
  if (invitation.role !== 'family' || relation === null) throw notFound('This invitation link is not valid');
  const active = await FamilyMember.query(db).where({ profileId: profile.id, status: 'active' }).resultSize();
  if (active >= MAX_FAMILY_MEMBERS) throw conflict(`This profile already has ${MAX_FAMILY_MEMBERS} family members`);
  let userId: number;
  if (signedIn) {
    if (signedIn.id === profile.userId) throw conflict('This is your own profile');
    const own = await Profile.query(db).where({ userId: signedIn.id, isDeleted: false }).select('id').first();
    if (own) throw conflict('This account has a profile of its own: accept with a separate family account');
    userId = signedIn.id;
  } else {
    if (!account) throw conflict('Choose your name, username and password to accept');
    const taken = await takenField(db, account.username, invitation.email);
    if (taken) throw conflict(taken === 'username' ? 'That username is taken' : 'An account with this email already exists: sign in with it, then open the link again', { field: taken });
    const user = await createAccount(db, { fullName: account.fullName, username: account.username, email: invitation.email, password: account.password }, { passwordParams: services.config.argon2, firstFreePremium: 0, countRegistration: false });
    userId = user.id;
  }
  const now = Date.now();
  await db.transaction(async (trx: Knex.Transaction) => {
    await FamilyInvitation.query(trx).findById(invitation.id).patch({ usedAt: now, outcome: 'accepted' });
    const existing = await FamilyMember.query(trx).where({ profileId: profile.id, userId }).select('id').first();
    if (existing) await FamilyMember.query(trx).findById(existing.id).patch({ status: 'active', relation, removedAt: null, addedAt: now, invitedBy: invitation.invitedBy });
    else await FamilyMember.query(trx).insert({ profileId: profile.id, userId, relation, status: 'active', invitedBy: invitation.invitedBy, addedAt: now });
    await audit(trx, { actorUserId: userId, actorRole: 'member', action: 'family.member_joined', targetType: 'profile', targetId: profile.id });
  });
  return userId;
}
