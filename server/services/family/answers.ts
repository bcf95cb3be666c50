import type { Language } from '../../../contracts/i18n/languages';
import type { Knex } from 'knex';
import { type FamilyAccountInput, type FamilyAnswerInput, maskEmail } from '../../../contracts/family';
import type { AppServices } from '../../context';
import { conflict, forbidden, gone, notFound, said } from '../../errors';
import { FamilyInvitation, FamilyMember, ProfileFamily } from '../../models/family';
import { Profile } from '../../models/profile';
import { User } from '../../models/user';
import { MAX_FAMILY_MEMBERS } from '../../policies/relationship';
import { createAccount, takenField } from '../accounts';
import { audit } from '../audit';
import { familyDeclinedEmail } from '../email/templates';
import { sendMail } from '../mail';
import { notify, worded } from '../notifications';
import { hashPassword } from '../passwords';
import { fileReport } from '../reports';
import { moveProfileToCandidate } from './handover';
import { invitationByToken, invitationOrigin } from './invitations';
import { removeAllFamily } from './members';
import { ensureFamilyRecord, firstNameOf } from './people';

type Services = Pick<AppServices, 'db' | 'config' | 'live'>;

async function tellFamily(services: Services, profileId: number, wording: ReturnType<typeof worded>, email?: (name: string, language: Language) => ReturnType<typeof familyDeclinedEmail>) {
  const members = await User.query(services.db).join('family_members', 'family_members.userId', 'users.id').where({ 'family_members.profileId': profileId, 'family_members.status': 'active' }).select('users.id', 'users.fullName', 'users.email', 'users.language');
  for (const member of members) {
    await notify(services, { userId: member.id, type: 'other', ...wording, sourceType: 'family', sourceId: profileId });
    if (email) {
      const mail = await email(member.fullName, member.language);
      await sendMail(services.config, services.db, { to: member.email, subject: mail.subject, text: mail.text, html: mail.html, kind: 'notification' });
    }
  }
}

export type CandidateAnswer = FamilyAnswerInput['answer'];

/** Who is opening an invitation link: nobody signed in, or the account of the session. */
export type SignedInAccount = Pick<User, 'id' | 'email' | 'emailConfirmedAt'> | null;

/**
 * Whether the session may answer a candidate invitation: the invitation counts only for the account whose email is
 * the invited address (the link reached that address, so it confirms it), or for a new account made with it. Anyone
 * signed in with another account (the family who made the profile, typically) is refused and told which to use.
 */
export function refuseOtherAccount(invitationEmail: string, signedIn: SignedInAccount): void {
  if (signedIn && signedIn.email.toLowerCase() !== invitationEmail.toLowerCase()) {
    throw forbidden(said('server.error.family.otherAccount', { email: maskEmail(invitationEmail) }), { code: 'family_invitation_other_account', maskedEmail: maskEmail(invitationEmail) });
  }
}

/**
 * The candidate's answer. Accepting moves the profile to the candidate's own account: a new one made with the invited
 * address (it counts toward the first 500 like any registration), or the account they are signed in with when its
 * email is the invited address and it holds no live profile. The family member who ran the profile keeps their
 * account, its sign-in and plan, and stays one of the profile's family with the permissions the candidate sets.
 * Taking over does the same and removes every family member (signed out, their accounts kept). Declining hides the
 * profile from everyone and tells the family. One transaction: the invitation is claimed first, so a second answer
 * of the same link, at the same moment or later, is a 410.
 * Returns the candidate's account id and whether it was made now (to sign them in), or null on a decline.
 */
export async function answerAsCandidate(
  services: Services,
  token: string,
  { answer, report, details, permissions }: FamilyAnswerInput,
  account: FamilyAccountInput | null,
  signedIn: SignedInAccount = null,
): Promise<{ userId: number; created: boolean } | null> {
  const { db } = services;
  const { invitation, profile, candidateFirstName } = await invitationByToken(db, token);
  if (invitation.role !== 'candidate') throw notFound('This invitation link is not valid');
  const name = candidateFirstName ?? 'The person it was made for';
  const now = Date.now();
  if (answer === 'decline') {
    await db.transaction(async (trx: Knex.Transaction) => {
      await claimInvitation(trx, invitation.id, 'declined', now);
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
    await tellFamily(services, profile.id, worded({ id: 'server.notification.family.declinedTitle', values: { name } }, { id: 'server.notification.family.declinedText', values: { name } }), (memberName, language) =>
      familyDeclinedEmail({ name: memberName, candidateName: name, url: `${invitationOrigin(services)}/family`, language }),
    );
    return null;
  }
  refuseOtherAccount(invitation.email, signedIn);
  let passwordHash: string | null = null;
  if (signedIn) {
    const own = await Profile.query(db).where({ userId: signedIn.id, isDeleted: false }).select('id').first();
    if (own) {
      throw conflict(
        own.id === profile.id
          ? 'This account runs the profile for its family: the person it is for answers with an account of their own'
          : 'This account already has a profile of its own. Delete it first, or answer with a new account (sign out, then open the link again)',
        { code: 'family_account_has_profile' },
      );
    }
  } else {
    if (!account) throw conflict('Choose your name, username and password to accept');
    const taken = await takenField(db, account.username, invitation.email);
    if (taken) throw conflict(taken === 'username' ? 'That username is taken' : said('server.error.family.accountExistsFor', { email: maskEmail(invitation.email) }), { field: taken });
    passwordHash = await hashPassword(account.password, services.config.argon2);
  }
  const fromUserId = profile.userId;
  let removedFamily: number[] = [];
  const candidateId = await db.transaction(async (trx: Knex.Transaction) => {
    await claimInvitation(trx, invitation.id, answer === 'take_over' ? 'taken_over' : 'accepted', now);
    let userId: number;
    if (signedIn) {
      userId = signedIn.id;
      // The invitation reached this address: it is confirmed.
      if (!signedIn.emailConfirmedAt) await User.query(trx).findById(userId).patch({ emailConfirmedAt: now });
    } else if (account && passwordHash) {
      const user = await createAccount(
        trx,
        { fullName: account.fullName, username: account.username, email: invitation.email, password: account.password },
        { passwordParams: services.config.argon2, passwordHash, firstFreePremium: services.config.firstFreePremium },
      );
      userId = user.id;
    } else {
      throw conflict('Choose your name, username and password to accept');
    }
    await ensureFamilyRecord(trx, profile.id);
    await moveProfileToCandidate(trx, profile.id, fromUserId, userId);
    const candidate = await User.query(trx).findById(userId).select('fullName');
    await ProfileFamily.query(trx)
      .findById(profile.id)
      .patch({
        consent: 'confirmed',
        candidateFirstName: firstNameOf(candidate?.fullName) ?? candidateFirstName,
        confirmedAt: now,
        confirmedEmail: invitation.email,
        confirmedWith: signedIn ? 'existing_account' : 'new_account',
        ...(answer === 'accept' ? (permissions ?? {}) : {}),
        updatedAt: now,
      });
    if (answer === 'take_over') removedFamily = await removeAllFamily(services.live, trx, profile.id);
    await audit(trx, { actorUserId: userId, actorRole: 'member', action: answer === 'take_over' ? 'family.candidate_took_over' : 'family.candidate_accepted', targetType: 'profile', targetId: profile.id, subjectUserId: fromUserId, details: { confirmedWith: signedIn ? 'existing_account' : 'new_account' } });
    return userId;
  });
  const candidate = await User.query(db).findById(candidateId).select('fullName');
  const first = firstNameOf(candidate?.fullName) ?? name;
  if (answer === 'accept') {
    await tellFamily(services, profile.id, worded({ id: 'server.notification.family.acceptedTitle', values: { name: first } }, { id: 'server.notification.family.acceptedText', values: { name: first } }));
  }
  // Signed out by the take-over, the family find why when they sign in again.
  for (const userId of removedFamily) {
    await notify(services, { userId, type: 'other', ...worded({ id: 'server.notification.family.tookOverTitle', values: { name: first } }, { id: 'server.notification.family.tookOverText', values: { name: first } }), sourceType: 'family', sourceId: profile.id });
  }
  return { userId: candidateId, created: !signedIn };
}

/** Marks the invitation answered, once: a link answered already (by a parallel request too) is a 410. */
async function claimInvitation(trx: Knex.Transaction, invitationId: number, outcome: NonNullable<FamilyInvitation['outcome']>, now: number): Promise<void> {
  const claimed = await FamilyInvitation.query(trx).where({ id: invitationId }).whereNull('usedAt').patch({ usedAt: now, outcome });
  if (claimed !== 1) throw gone('This invitation was already answered or replaced by a newer one');
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
  if (active >= MAX_FAMILY_MEMBERS) throw conflict(said('server.error.family.full', { count: MAX_FAMILY_MEMBERS }));
  let passwordHash: string | null = null;
  if (signedIn) {
    if (signedIn.id === profile.userId) throw conflict('This is your own profile');
    const own = await Profile.query(db).where({ userId: signedIn.id, isDeleted: false }).select('id').first();
    if (own) throw conflict('This account has a profile of its own: accept with a separate family account');
  } else {
    if (!account) throw conflict('Choose your name, username and password to accept');
    const taken = await takenField(db, account.username, invitation.email);
    if (taken) throw conflict(taken === 'username' ? 'That username is taken' : 'An account with this email already exists: sign in with it, then open the link again', { field: taken });
    passwordHash = await hashPassword(account.password, services.config.argon2);
  }
  const now = Date.now();
  return db.transaction(async (trx: Knex.Transaction) => {
    await claimInvitation(trx, invitation.id, 'accepted', now);
    let userId: number;
    if (signedIn) userId = signedIn.id;
    else if (account && passwordHash) {
      // A new account, counted toward the first 500 like any registration.
      const user = await createAccount(trx, { fullName: account.fullName, username: account.username, email: invitation.email, password: account.password }, { passwordParams: services.config.argon2, passwordHash, firstFreePremium: services.config.firstFreePremium });
      userId = user.id;
    } else throw conflict('Choose your name, username and password to accept');
    const existing = await FamilyMember.query(trx).where({ profileId: profile.id, userId }).select('id').first();
    if (existing) await FamilyMember.query(trx).findById(existing.id).patch({ status: 'active', relation, removedAt: null, addedAt: now, invitedBy: invitation.invitedBy });
    else await FamilyMember.query(trx).insert({ profileId: profile.id, userId, relation, status: 'active', invitedBy: invitation.invitedBy, addedAt: now });
    await audit(trx, { actorUserId: userId, actorRole: 'member', action: 'family.member_joined', targetType: 'profile', targetId: profile.id });
    return userId;
  });
}
