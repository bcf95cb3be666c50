import type { Knex } from 'knex';
import type { FamilyInviteInput, } from '../../../contracts/family';
import type { AppServices } from '../../context';
import type { Db } from '../../db';
import { conflict, gone, notFound, said, tooManyRequests } from '../../errors';
import { hitRateLimit } from '../../middleware/rate-limit';
import { FamilyInvitation, FamilyMember, ProfileFamily } from '../../models/family';
import { Profile } from '../../models/profile';
import { User } from '../../models/user';
import { PrivacySettings } from '../../models/settings';
import { presentProfile } from '../../presenters/profile';
import type { ProfileView } from '../../../contracts/views';
import { loadProfile } from '../profiles';
import { MAX_FAMILY_MEMBERS } from '../../policies/relationship';
import { audit } from '../audit';
import { familyInviteEmail } from '../email/templates';
import { sendMail } from '../mail';
import { randomToken, sha256 } from '../passwords';
import { ensureFamilyRecord, firstNameOf, mailableFirstName } from './people';

export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 3600_000;

type Services = Pick<AppServices, 'db' | 'config' | 'live'>;

export function invitationOrigin(services: Services): string {
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
  if (input.role === 'candidate') await refuseOwnAddress(db, profileId, input.email, input.firstName);
  await countInvitation(db, inviter.id, profileId, input.email);
  if (input.role === 'family') {
    const active = await FamilyMember.query(db).where({ profileId, status: 'active' }).resultSize();
    const open = await FamilyInvitation.query(db).where({ profileId, role: 'family' }).whereNull('usedAt').where('expiresAt', '>', Date.now()).resultSize();
    if (active + open >= MAX_FAMILY_MEMBERS) {
      throw conflict(said('server.error.family.fullWithInvitations', { count: MAX_FAMILY_MEMBERS }));
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
  const link = `${invitationOrigin(services)}/family-invite/${token}`;
  // In the recipient's language where the address has an account, else the inviter's (docs/i18n.md).
  const [known, own] = await Promise.all([
    User.query(db).findOne({ emailLower: input.email.toLowerCase(), isDeleted: false }).select('language'),
    User.query(db).findById(inviter.id).select('language'),
  ]);
  const mail = await familyInviteEmail({
    language: known?.language ?? own?.language ?? 'en',
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

/**
 * The candidate's invitation goes to the candidate: an address of the profile's own account or of one of its family
 * would let the family confirm the profile themselves.
 */
async function refuseOwnAddress(db: Db, profileId: number, email: string, firstName: string): Promise<void> {
  const profile = await Profile.query(db).findById(profileId).select('userId');
  const ours = await User.query(db)
    .where('emailLower', email.toLowerCase())
    .where((q) => q.where('id', profile?.userId ?? 0).orWhereIn('id', FamilyMember.query(db).where({ profileId, status: 'active' }).select('userId')))
    .select('id')
    .first();
  if (ours) throw conflict(said('server.error.family.ownAddress', { name: firstName }), { field: 'email' });
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
  return {
    invitation,
    profile,
    inviterName: inviter?.fullName ?? 'A family member',
    consent: family?.consent ?? 'unconfirmed',
    candidateFirstName: family?.candidateFirstName ?? firstNameOf(profile.fullName),
    hiddenUntilConfirmed: Boolean(family?.hiddenUntilConfirmed),
  };
}

/**
 * The profile as a member who may see it is shown it (photos clear unless blurred, the phone number as its privacy
 * setting says), for the person it was made for, its photos addressed through their invitation link.
 */
export async function invitationPreview(db: Db, profileId: number, token: string): Promise<ProfileView | null> {
  const profile = await loadProfile(db, profileId);
  if (!profile?.user) return null;
  const privacy = await PrivacySettings.query(db).findById(profile.userId);
  return presentProfile(profile, profile.user, { clearPhotos: !privacy?.blurPhotos, isOwner: false, showPhone: Boolean(privacy?.showPhoneNumber), invitationToken: token });
}

