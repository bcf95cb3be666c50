import type { FamilyConsent, FamilyPermissions } from '../../contracts/family';
import { type Db, readRows } from '../db';
import { FamilyMember, ProfileFamily } from '../models/family';
import { Profile } from '../models/profile';

/**
 * The one relationship policy: what one person may know of, see, and do to another member. Every route,
 * service and the media handler ask it; lists use its SQL form (`visibleProfilesFilter`), held to this pair form
 * by a property test (relationship.test.ts).
 */

export type Audience = 'all' | 'matches' | 'none';

/** What the rule needs to know of the member being looked at. */
export interface TargetFacts {
  userId: number;
  /** not deleted and not suspended */
  active: boolean;
  /** a member account (staff accounts are never shown, listed or messaged as members) */
  isMember: boolean;
  /** has a live (not deleted) profile */
  profileLive: boolean;
  /**
   * the profile was made by family and waits, behind the consent gate its maker chose, for the person it is for to
   * confirm it: seen by its own account and staff only (absent: false)
   */
  awaitingConsent?: boolean;
  /** privacy: who may see the profile */
  visibility: Audience;
  /** privacy: photos blurred for everyone but matches */
  blurPhotos: boolean;
  /** privacy: who may write to them */
  allowMessagesFrom: Audience;
}

export interface ViewerFacts {
  userId: number;
  isStaff: boolean;
}

/** What lies between the two. */
export interface PairFacts {
  /** either has blocked the other */
  blocked: boolean;
  /** the viewer has blocked the member (they may still report them, or block again) */
  viewerBlocked: boolean;
  /** both liked each other */
  matched: boolean;
  /** they have written to each other before */
  conversed: boolean;
}

export type MessageRefusal = 'self' | 'unknown' | 'not-accepting' | 'matches-only';

export interface Relationship {
  self: boolean;
  /** may open the profile; when false the profile does not exist for the viewer (404, never 403) */
  mayViewProfile: boolean;
  /** may receive the clear photos; otherwise only the blurred rendition */
  clearPhotos: boolean;
  /**
   * may know the member exists at all: their name and presence in a chat, blocking and reporting them. False
   * answers exactly like a member who does not exist (404), so walking user ids reveals nobody.
   */
  knows: boolean;
  /** why a message to them would be refused, or null when it may be sent */
  messageRefusal: MessageRefusal | null;
  /** may block or report them: anyone they know, and anyone they blocked themselves */
  mayBlockOrReport: boolean;
}

const NOBODY: Relationship = { self: false, mayViewProfile: false, clearPhotos: false, knows: false, messageRefusal: 'unknown', mayBlockOrReport: false };

/**
 * The rules, in one place:
 * - A deleted or suspended member, and a staff account, is no one's to see here (the ops console has its own
 *   routes for staff); a profile that is not live (deleted, or declined by the person it is for) is seen by no one.
 * - A profile made by family behind the consent gate is seen by no other member until the person it is for confirms.
 * - The member themself and staff (reviewers, admins) see the profile and the clear photos.
 * - Visitors who are not signed in see nothing here (shared links have their own rule).
 * - A block either way erases the relationship both ways: no profile, no photos, no name, no messages.
 * - The profile is seen by everyone when its visibility is 'all', by matches only when 'matches', by no one
 *   when 'none'.
 * - Clear photos go to those who may see the profile, unless the owner blurs photos; then to matches only.
 * - A member is known to someone who may see their profile, is matched with them, or has written with them.
 * - A message needs the sender to know the receiver (no cold messages to a hidden member), and the receiver's
 *   "allow messages from": everyone, matches only, or no one.
 * - A member may block or report whoever they know, and whoever they have blocked themselves (block, then report).
 */
export function decideRelationship(viewer: ViewerFacts | null, target: TargetFacts, pair: PairFacts): Relationship {
  if (!target.active || !target.isMember) return NOBODY;
  if (viewer && viewer.userId === target.userId) {
    return { self: true, mayViewProfile: target.profileLive, clearPhotos: true, knows: true, messageRefusal: 'self', mayBlockOrReport: false };
  }
  if (viewer?.isStaff) return { self: false, mayViewProfile: target.profileLive, clearPhotos: true, knows: true, messageRefusal: 'unknown', mayBlockOrReport: false };
  if (!viewer) return NOBODY;
  if (pair.blocked) return { ...NOBODY, mayBlockOrReport: pair.viewerBlocked };
  const audienceAllows = (audience: Audience) => audience === 'all' || (audience === 'matches' && pair.matched);
  const mayViewProfile = target.profileLive && !target.awaitingConsent && audienceAllows(target.visibility);
  const knows = mayViewProfile || pair.matched || pair.conversed;
  let messageRefusal: MessageRefusal | null = null;
  if (!knows) messageRefusal = 'unknown';
  else if (target.allowMessagesFrom === 'none') messageRefusal = 'not-accepting';
  else if (target.allowMessagesFrom === 'matches' && !pair.matched) messageRefusal = 'matches-only';
  return { self: false, mayViewProfile, clearPhotos: mayViewProfile && (!target.blurPhotos || pair.matched), knows, messageRefusal, mayBlockOrReport: knows };
}

const truthy = (value: unknown) => Boolean(Number(value));

/**
 * SQL for "the profile_family row `pf` keeps its profile behind the consent gate": made by family, hidden until the
 * person it is for confirms, and not confirmed yet. TRUE reads the same on SQLite (3.23+) and PostgreSQL.
 */
export const AWAITING_CONSENT_SQL = (pf: string) => `(${pf}.consent = 'unconfirmed' AND ${pf}.hidden_until_confirmed = TRUE)`;

/** SQL for "the profile_family row `pf` hides its profile from every other member": declined, or behind the gate. */
export const FAMILY_HIDDEN_SQL = (pf: string) => `(${pf}.consent = 'declined' OR ${AWAITING_CONSENT_SQL(pf)})`;

/** The owner's and privacy columns a row must carry for `targetFactsOf` (users and privacy_settings, any alias). */
export interface TargetRow {
  isDeleted: unknown;
  status: unknown;
  role: unknown;
  profileVisibility: unknown;
  blurPhotos: unknown;
  allowMessagesFrom: unknown;
}

/** A member's facts from their user and privacy-settings columns, read as the database returns them (0/1 or booleans). */
export function targetFactsOf(userId: number, row: TargetRow, profileLive: boolean): TargetFacts {
  return {
    userId,
    active: !truthy(row.isDeleted) && row.status === 'active',
    isMember: row.role === 'member',
    profileLive,
    visibility: (row.profileVisibility ?? 'all') as Audience,
    blurPhotos: truthy(row.blurPhotos),
    allowMessagesFrom: (row.allowMessagesFrom ?? 'all') as Audience,
  };
}

export interface ViewerLike {
  id: number;
  role: string;
}

export function viewerFacts(viewer: ViewerLike | null): ViewerFacts | null {
  return viewer ? { userId: viewer.id, isStaff: viewer.role === 'reviewer' || viewer.role === 'admin' } : null;
}

/**
 * The facts of the member `u.id` (account, privacy settings, a live profile, one waiting behind the consent gate)
 * and what lies between them and the viewer (blocks either way, a match, a message either way), in one statement:
 * every profile view, Kundali card, chat and message asks, and each statement is a round trip on PostgreSQL and
 * a knex build on either. The viewer's id is bound where a pair fact needs it (0, matching no one, without one).
 */
const FACTS_SQL = `
  SELECT u.is_deleted AS "isDeleted", u.status AS "status", u.role AS "role", ps.user_id AS "privacyOf",
    ps.profile_visibility AS "profileVisibility", ps.blur_photos AS "blurPhotos", ps.allow_messages_from AS "allowMessagesFrom",
    ps.show_phone_number AS "showPhoneNumber", ps.show_email AS "showEmail",
    EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = u.id AND p.is_deleted = FALSE
      AND NOT EXISTS (SELECT 1 FROM profile_family pf WHERE pf.profile_id = p.id AND pf.consent = 'declined')) AS "profileLive",
    EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = u.id AND p.is_deleted = FALSE
      AND EXISTS (SELECT 1 FROM profile_family pf WHERE pf.profile_id = p.id AND ${AWAITING_CONSENT_SQL('pf')})) AS "awaitingConsent",
    EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ? AND b.blocked_id = u.id) AS "blockedByViewer",
    EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = u.id AND b.blocked_id = ?) AS "blocksViewer",
    EXISTS (SELECT 1 FROM matches m WHERE m.user1_id = ? AND m.user2_id = ?) AS "matched",
    EXISTS (SELECT 1 FROM messages x WHERE (x.sender_id = ? AND x.receiver_id = u.id) OR (x.sender_id = u.id AND x.receiver_id = ?)) AS "conversed"
  FROM users u
  LEFT JOIN privacy_settings ps ON ps.user_id = u.id
  WHERE u.id = ?`;

/** The member's privacy settings as the relationship read found them (null: no row), for presenters. */
export interface TargetPrivacy {
  profileVisibility: string;
  blurPhotos: boolean;
  showPhoneNumber: boolean;
  showEmail: boolean;
}

/** The per-pair form: the relationship of `viewer` to the member `targetUserId` (NOBODY when there is none). */
export async function relationshipBetween(
  db: Db,
  viewer: ViewerLike | null,
  targetUserId: number,
): Promise<Relationship & { target: TargetFacts | null; pair: PairFacts; privacy: TargetPrivacy | null }> {
  const none: PairFacts = { blocked: false, viewerBlocked: false, matched: false, conversed: false };
  const other = viewer && viewer.id !== targetUserId ? viewer.id : 0;
  const [low, high] = other < targetUserId ? [other, targetUserId] : [targetUserId, other];
  const [row] = await readRows<TargetRow & Record<string, unknown>>(db, FACTS_SQL, [other, other, low, high, other, other, targetUserId]);
  if (!row) return { ...NOBODY, target: null, pair: none, privacy: null };
  const target: TargetFacts = { ...targetFactsOf(targetUserId, row, truthy(row.profileLive)), awaitingConsent: truthy(row.awaitingConsent) };
  const viewerBlocked = truthy(row.blockedByViewer);
  const pair: PairFacts = other ? { blocked: viewerBlocked || truthy(row.blocksViewer), viewerBlocked, matched: truthy(row.matched), conversed: truthy(row.conversed) } : none;
  const privacy: TargetPrivacy | null =
    row.privacyOf === null || row.privacyOf === undefined
      ? null
      : { profileVisibility: String(row.profileVisibility), blurPhotos: truthy(row.blurPhotos), showPhoneNumber: truthy(row.showPhoneNumber), showEmail: truthy(row.showEmail) };
  return { ...decideRelationship(viewerFacts(viewer), target, pair), target, pair, privacy };
}

/** What lies between two members (a: the one asking), read by the same statement. */
export async function pairFacts(db: Db, a: number, b: number): Promise<PairFacts> {
  return (await relationshipBetween(db, { id: a, role: 'member' }, b)).pair;
}

// ---------------------------------------------------------------------------------------------------------------
// Family: the people of one profile. The profile's member account (profiles.userId) is who other members see. The
// candidate is the person the profile is for; family members (up to three) act for them with their own accounts.

export const MAX_FAMILY_MEMBERS = 3;

export type { FamilyConsent, FamilyPermissions };

export interface FamilyFacts {
  consent: FamilyConsent;
  /** the asker's place on the profile: candidate, family member, or neither */
  role: 'candidate' | 'family' | null;
  permissions: FamilyPermissions;
}

export type FamilyAction =
  | 'see-people' | 'invite-candidate' | 'set-consent-gate' | 'invite-family' | 'remove-member' | 'set-permissions'
  | 'edit' | 'search' | 'like' | 'message' | 'suggest' | 'decide-suggestion' | 'family-thread' | 'share' | 'shortlist' | 'call';

/**
 * The family rules, in one place:
 * - Only the profile's people (candidate and active family members) know who they are; anyone else gets a 404.
 * - Until the candidate accepts, the family runs the profile (every action but deciding for the
 *   candidate); their only invitation is the candidate's, and they choose whether the profile waits for the
 *   candidate's confirmation before other members see it (the consent gate).
 * - Once the candidate holds the profile, only they invite or remove family, set permissions and decide on
 *   suggestions; family may edit, search, like, suggest and message exactly as the candidate allows.
 * - The shortlist is one per profile: the candidate saves to it and removes from it, and so do family members the
 *   candidate allows to shortlist (mayShortlist).
 * - A declined profile is hidden and nobody acts for it; its family may still see its people (to learn why).
 * - Family may talk among themselves and with the candidate in the family thread whenever they are its people.
 */
export function decideFamily(facts: FamilyFacts, action: FamilyAction): boolean {
  const { role, consent, permissions } = facts;
  if (role === null) return false;
  if (action === 'see-people') return true;
  if (consent === 'declined') return false;
  if (action === 'family-thread') return true;
  if (role === 'candidate') return !['invite-candidate', 'set-consent-gate', 'suggest'].includes(action);
  if (consent === 'unconfirmed') return !['invite-family', 'remove-member', 'set-permissions', 'decide-suggestion'].includes(action);
  switch (action) {
    case 'edit':
      return permissions.mayEdit;
    case 'search':
      return permissions.maySearch;
    case 'like':
      return permissions.mayLike;
    case 'suggest':
    case 'shortlist':
      return permissions.mayShortlist;
    case 'message':
      return permissions.mayMessage;
    case 'share':
      return permissions.mayShare;
    case 'call':
      return permissions.mayCall;
    default:
      return false;
  }
}

/**
 * A helper's own account: one that helps with a profile and has none of its own likes and writes to members only
 * for the candidate (acting for them), never as itself. With a profile of its own it may do both for itself too.
 */
export function mayLikeOrMessageAsSelf(account: { helpsWithProfiles: boolean; hasOwnProfile: boolean }): boolean {
  return account.hasOwnProfile || !account.helpsWithProfiles;
}

export const DEFAULT_FAMILY_PERMISSIONS: FamilyPermissions = { mayEdit: true, maySearch: true, mayLike: true, mayShortlist: true, mayMessage: false, mayShare: true, mayCall: false };

/** The family facts of `userId` on the profile `profileId`; null when there is no live profile of that id. */
export async function familyFacts(db: Db, userId: number | null, profileId: number): Promise<(FamilyFacts & { ownerUserId: number }) | null> {
  const profile = await Profile.query(db).where({ id: profileId, isDeleted: false }).select('id', 'userId', 'profileType').first();
  if (!profile) return null;
  const row = await ProfileFamily.query(db).findById(profileId);
  // A profile made by family before the family model existed, or just now by the profile wizard, counts as
  // unconfirmed until its family row says otherwise.
  const consent: FamilyConsent = row ? row.consent : profile.profileType === 'self' ? 'self' : 'unconfirmed';
  const permissions: FamilyPermissions = row ? row.permissions() : DEFAULT_FAMILY_PERMISSIONS;
  let role: FamilyFacts['role'] = null;
  if (userId !== null) {
    const member = await FamilyMember.query(db).where({ profileId, userId, status: 'active' }).select('id').first();
    if (member) role = 'family';
    else if (profile.userId === userId) role = consent === 'unconfirmed' ? 'family' : 'candidate';
  }
  return { consent, role, permissions, ownerUserId: profile.userId };
}
