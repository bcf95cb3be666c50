import { HIDDEN_UNTIL_CONFIRMED_BY_DEFAULT, PERSON_NAME } from '../../../contracts/family';
import type { Knex } from 'knex';
import { type Db, readRows } from '../../db';
import { forbidden, notFound } from '../../errors';
import { DEFAULT_FAMILY_PERMISSIONS, type FamilyAction, type FamilyFacts, decideFamily, familyFacts } from '../../policies/relationship';
import type { FamilyConsent, FamilyPerson } from '../../../contracts/family';
import type { SubscriptionTier } from '../../../contracts/enums';
import { FamilyInvitation, FamilyMember, ProfileFamily } from '../../models/family';
import { Profile } from '../../models/profile';
import { User } from '../../models/user';
import type { Language } from '../../../contracts/i18n/languages';
import { translate } from '../../i18n';

type Trx = Db | Knex.Transaction;

/**
 * The family facts of the session's member on a profile, checked against one action of the relationship policy.
 * Whoever is not one of the profile's people gets a 404 (the profile's family is nobody else's business); one of
 * its people who may not do this gets a 403 with the reason.
 */
export async function authorizeFamily(db: Db, userId: number, profileId: number, action: FamilyAction): Promise<FamilyFacts & { ownerUserId: number }> {
  const facts = await familyFacts(db, userId, profileId);
  if (!facts || facts.role === null) throw notFound('Profile not found');
  await ensureFamilyRecord(db, profileId);
  if (!decideFamily(facts, action)) throw forbidden(REFUSALS[action], { action });
  return facts;
}

/** Why a family action was refused, said the same by the family routes and by a request acting for the candidate. */
export const REFUSALS: Record<FamilyAction, string> = {
  'see-people': 'Only the people of this profile can see who they are',
  'invite-candidate': 'Only family invite the person a profile is for, before they have accepted it',
  'set-consent-gate': 'Only family choose whether the profile waits for the person it is for, before they have accepted it',
  'invite-family': 'Only the person this profile is for can invite family members',
  'remove-member': 'Only the person this profile is for can remove family members',
  'set-permissions': 'Only the person this profile is for decides what family may do',
  edit: 'The person this profile is for has not allowed family to edit it',
  search: 'The person this profile is for has not allowed family to search',
  like: 'The person this profile is for has not allowed family to like profiles',
  message: 'The person this profile is for has not allowed family to write to members',
  suggest: 'The person this profile is for has not allowed family to suggest matches',
  'decide-suggestion': 'Only the person this profile is for decides on suggestions',
  'family-thread': 'This profile was declined, so its family thread is closed',
  share: 'The person this profile is for has not allowed family to share it',
  shortlist: 'The person this profile is for has not allowed family to shortlist profiles',
  call: 'The person this profile is for has not allowed family to join their video calls',
};

export function mayDo(facts: FamilyFacts, action: FamilyAction): boolean {
  return decideFamily(facts, action);
}

/** The first word of a name ("Priya" of "Priya Raman"), for "not yet confirmed by Priya". */
export function firstNameOf(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}

/** A first name fit for an email to someone outside Saathi: only when it reads as a name (no link, no digits). */
export function mailableFirstName(name: string | null | undefined): string | null {
  const first = firstNameOf(name);
  return first && PERSON_NAME.test(first) ? first : null;
}

/**
 * Makes sure a profile has its family row and, when made by family, its creator recorded as first family member.
 * Creating a profile calls it (with its maker's choice of the consent gate); profiles made before that still get them
 * the first time anyone asks for their family.
 */
export async function ensureFamilyRecord(db: Trx, profileId: number, choice: { hiddenUntilConfirmed?: boolean } = {}): Promise<void> {
  const profile = await Profile.query(db).findById(profileId).select('id', 'userId', 'profileType', 'parentRelationship', 'fullName');
  if (!profile) return;
  const row = await ProfileFamily.query(db).findById(profileId).select('profileId');
  const now = Date.now();
  if (!row) {
    const consent = profile.profileType === 'self' ? 'self' : 'unconfirmed';
    await ProfileFamily.query(db)
      .insert({
        profileId,
        consent,
        candidateFirstName: consent === 'unconfirmed' ? firstNameOf(profile.fullName) : null,
        ...DEFAULT_FAMILY_PERMISSIONS,
        // A profile made by a sibling, a relative or a friend waits for the candidate unless its maker chooses otherwise.
        hiddenUntilConfirmed: consent === 'unconfirmed' && (choice.hiddenUntilConfirmed ?? HIDDEN_UNTIL_CONFIRMED_BY_DEFAULT.includes(profile.profileType)),
        updatedAt: now,
      })
      .onConflict('profileId')
      .ignore();
    if (consent === 'unconfirmed') {
      await FamilyMember.query(db)
        .insert({ profileId, userId: profile.userId, relation: relationOfCreator(profile.profileType, profile.parentRelationship), status: 'active', addedAt: now })
        .onConflict(['profileId', 'userId'])
        .ignore();
    }
  }
}

/** The relation of whoever made a profile for someone else, from what the profile wizard recorded. */
export function relationOfCreator(profileType: string, parentRelationship: string | null): string {
  if (profileType === 'sibling') return 'sibling';
  if (profileType === 'relative') return 'relative';
  if (profileType === 'friend') return 'friend';
  const byParent: Record<string, string> = { father: 'father', mother: 'mother', brother: 'sibling', sister: 'sibling', uncle: 'relative', aunt: 'relative' };
  return byParent[parentRelationship ?? ''] ?? 'guardian';
}

export type { FamilyPerson };

/** The people of a profile: its candidate (once they hold it) and its active family members. */
export async function peopleOf(db: Db, profileId: number): Promise<{ consent: FamilyFacts['consent']; candidateFirstName: string | null; people: FamilyPerson[] }> {
  const profile = await Profile.query(db).findById(profileId).select('userId', 'profileType', 'fullName', 'createdAt');
  const family = await ProfileFamily.query(db).findById(profileId);
  const consent: FamilyFacts['consent'] = family?.consent ?? (profile?.profileType === 'self' ? 'self' : 'unconfirmed');
  const people: FamilyPerson[] = [];
  if (profile && (consent === 'self' || consent === 'confirmed')) {
    const owner = await User.query(db).findById(profile.userId).select('fullName');
    people.push({ userId: profile.userId, memberId: null, fullName: owner?.fullName ?? '', role: 'candidate', relation: null, addedAt: new Date(profile.createdAt).toISOString() });
  }
  const members = (await FamilyMember.query(db)
    .join('users', 'users.id', 'family_members.userId')
    .where({ 'family_members.profileId': profileId, 'family_members.status': 'active' })
    .orderBy('family_members.addedAt')
    .select('family_members.id', 'family_members.userId', 'family_members.relation', 'family_members.addedAt', 'users.fullName')) as Array<FamilyMember & { fullName: string }>;
  for (const m of members) {
    people.push({ userId: m.userId, memberId: m.id, fullName: m.fullName, role: 'family', relation: m.relation, addedAt: new Date(m.addedAt).toISOString() });
  }
  const candidateFirstName = family?.candidateFirstName ?? firstNameOf(profile?.fullName);
  return { consent, candidateFirstName, people };
}

/** The profiles a member helps with as family (where they are not the profile's own account). */
/** A profile a member helps with as family, as the "acting for" list shows it. */
export interface HelpedProfile {
  profileId: number;
  fullName: string | null;
  relation: string;
  consent: FamilyConsent | null;
  candidateFirstName: string | null;
  /** the profile's member account (the candidate's once they accepted) */
  candidateUserId: number;
  /** that account's plan: it governs what a helper acting for the candidate may use */
  candidateTier: SubscriptionTier;
  candidateTierEnds: number | string | null;
  /** the candidate's permissions for family (null without a family row; SQLite answers 0/1) */
  mayEdit: boolean | number | null;
  maySearch: boolean | number | null;
  mayLike: boolean | number | null;
  mayShortlist: boolean | number | null;
  mayMessage: boolean | number | null;
  mayShare: boolean | number | null;
  mayCall: boolean | number | null;
}

/** The live profiles `userId` helps with as an active family member, not being the profile's own account. */
const helpedProfilesOf = (db: Db, userId: number) =>
  FamilyMember.query(db)
    .join('profiles', 'profiles.id', 'family_members.profileId')
    .where({ 'family_members.userId': userId, 'family_members.status': 'active', 'profiles.isDeleted': false })
    .whereNot('profiles.userId', userId);

export async function profilesHelpedBy(db: Db, userId: number): Promise<HelpedProfile[]> {
  return helpedProfilesOf(db, userId)
    .join('users', 'users.id', 'profiles.userId')
    .leftJoin('profile_family', 'profile_family.profileId', 'profiles.id')
    .orderBy('family_members.addedAt')
    .select(
      'profiles.id as profileId',
      'profiles.userId as candidateUserId',
      'users.subscriptionTier as candidateTier',
      'users.subscriptionEnds as candidateTierEnds',
      'profiles.fullName',
      'family_members.relation',
      'profile_family.consent',
      'profile_family.candidateFirstName',
      ...PERMISSION_COLUMNS.map((c) => `profile_family.${c}`),
    )
    .castTo<HelpedProfile[]>();
}

/**
 * Whether an account helps with any profile, and whether it has a live profile of its own (the helper rule's facts).
 * Every like and message asks: one prepared statement.
 */
export async function helperAccountFacts(db: Db, userId: number): Promise<{ helpsWithProfiles: boolean; hasOwnProfile: boolean }> {
  const [row] = await readRows<{ helps: unknown; own: unknown }>(db, HELPER_FACTS_SQL, [userId, userId, userId]);
  return { helpsWithProfiles: Boolean(Number(row?.helps)), hasOwnProfile: Boolean(Number(row?.own)) };
}

const HELPER_FACTS_SQL = `
  SELECT EXISTS (SELECT 1 FROM family_members fm JOIN profiles p ON p.id = fm.profile_id
      WHERE fm.user_id = ? AND fm.status = 'active' AND p.is_deleted = FALSE AND p.user_id <> ?) AS "helps",
    EXISTS (SELECT 1 FROM profiles WHERE user_id = ? AND is_deleted = FALSE) AS "own"`;

const PERMISSION_COLUMNS = ['mayEdit', 'maySearch', 'mayLike', 'mayShortlist', 'mayMessage', 'mayShare', 'mayCall'] as const;

/** A helped profile's permissions as the policy reads them: the defaults where it has no family row yet. */
export function helpedPermissions(row: HelpedProfile): FamilyFacts['permissions'] {
  const permissions = { ...DEFAULT_FAMILY_PERMISSIONS };
  for (const c of PERMISSION_COLUMNS) if (row[c] !== null && row[c] !== undefined) permissions[c] = Boolean(Number(row[c]));
  return permissions;
}

/**
 * What other members are told about a profile made by family: "Managed by family, not yet confirmed by Priya" until
 * the candidate accepts; then "Confirmed by email" (the invitation reached the candidate's address and they answered
 * it with their account) until the candidate also completes identity verification, then "Confirmed by Priya,
 * verified". Null for profiles their member made themselves, and for declined ones (seen by no one).
 */
export function familyConsentLabel(consent: FamilyConsent, candidateFirstName: string | null, candidateVerified: boolean, language: Language = 'en'): string | null {
  const name = { name: candidateFirstName };
  if (consent === 'unconfirmed') return candidateFirstName ? translate(language, 'server.text.family.unconfirmedNamed', name) : translate(language, 'server.text.family.unconfirmed');
  if (consent !== 'confirmed') return null;
  if (!candidateVerified) return translate(language, 'server.text.family.confirmedByEmail');
  return candidateFirstName ? translate(language, 'server.text.family.verifiedNamed', name) : translate(language, 'server.text.family.verified');
}

/** Each profile's family label (familyConsentLabel) in the reader's `language`. */
export async function familyLabels(db: Db, profileIds: number[], language: Language = 'en'): Promise<Map<number, string>> {
  const labels = new Map<number, string>();
  if (profileIds.length === 0) return labels;
  const rows = await Profile.query(db)
    .join('users', 'users.id', 'profiles.userId')
    .leftJoin('profile_family', 'profile_family.profileId', 'profiles.id')
    .whereIn('profiles.id', profileIds)
    .select('profiles.id', 'profiles.profileType', 'profiles.fullName', 'users.isVerified', 'profile_family.consent', 'profile_family.candidateFirstName')
    .castTo<Array<Pick<Profile, 'id' | 'profileType' | 'fullName'> & Pick<HelpedProfile, 'consent' | 'candidateFirstName'> & { isVerified: unknown }>>();
  for (const row of rows) {
    const consent = row.consent ?? (row.profileType === 'self' ? 'self' : 'unconfirmed');
    const label = familyConsentLabel(consent, row.candidateFirstName ?? firstNameOf(row.fullName), Boolean(Number(row.isVerified)), language);
    if (label) labels.set(row.id, label);
  }
  return labels;
}

/**
 * For the ops console's member page: the people of the member's own profile with their roles, and the profiles the
 * member helps with as family.
 */
export async function familyOfMember(db: Db, userId: number) {
  const own = await Profile.query(db).where({ userId, isDeleted: false }).select('id').first();
  const ownProfile = own ? { profileId: own.id, ...(await peopleOf(db, own.id)), consentEvidence: await consentEvidenceOf(db, own.id, userId) } : null;
  const helps = await FamilyMember.query(db)
    .join('profiles', 'profiles.id', 'family_members.profileId')
    .leftJoin('profile_family', 'profile_family.profileId', 'profiles.id')
    .where('family_members.userId', userId)
    .whereNot('profiles.userId', userId)
    .orderBy('family_members.addedAt', 'desc')
    .select('profiles.id as profileId', 'profiles.userId as profileUserId', 'family_members.relation', 'family_members.status', 'profile_family.consent', 'profile_family.candidateFirstName')
    .castTo<Array<Omit<HelpedProfile, 'fullName'> & { profileUserId: number; status: FamilyMember['status'] }>>();
  return {
    ownProfile,
    helps: helps.map((h) => ({ profileId: h.profileId, profileUserId: h.profileUserId, relation: h.relation, status: h.status, consent: h.consent ?? 'unconfirmed', candidateFirstName: h.candidateFirstName ?? null })),
  };
}

/**
 * How the candidate's consent was obtained, for the ops console: when, at which invited address and with which
 * account the candidate answered, whether they have also verified their identity, whether the profile waited for
 * them (the consent gate), and the candidate invitation still open.
 */
async function consentEvidenceOf(db: Db, profileId: number, ownerUserId: number) {
  const family = await ProfileFamily.query(db).findById(profileId);
  const owner = await User.query(db).findById(ownerUserId).select('isVerified');
  const open = await FamilyInvitation.query(db).where({ profileId, role: 'candidate' }).whereNull('usedAt').where('expiresAt', '>', Date.now()).orderBy('createdAt', 'desc').select('email', 'createdAt').first();
  return {
    hiddenUntilConfirmed: Boolean(family?.hiddenUntilConfirmed),
    confirmedAt: family?.confirmedAt ? new Date(Number(family.confirmedAt)).toISOString() : null,
    confirmedEmail: family?.confirmedEmail ?? null,
    confirmedWith: family?.confirmedWith ?? null,
    candidateVerified: Boolean(owner?.isVerified),
    openInvitationEmail: open?.email ?? null,
  };
}
