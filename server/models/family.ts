import type { FamilyConsent, FamilyPermissions, ProfileActivityAction } from '../../contracts/family';
import { BaseModel } from './base-model';

/** A profile's family record: who holds it (consent) and what its family members may do for the candidate. */
export class ProfileFamily extends BaseModel implements FamilyPermissions {
  static tableName = 'profile_family';
  static idColumn = 'profileId';
  static booleanColumns = ['mayEdit', 'maySearch', 'mayLike', 'mayShortlist', 'mayMessage', 'mayShare', 'mayCall', 'hiddenUntilConfirmed'];
  static bigintColumns = ['updatedAt', 'confirmedAt'];
  profileId!: number;
  consent!: FamilyConsent;
  /** the consent gate: hidden from other members until the candidate confirms (chosen by whoever made the profile) */
  hiddenUntilConfirmed!: boolean;
  /** when, at which invited address, and with a new or an existing account the candidate confirmed */
  confirmedAt!: number | null;
  confirmedEmail!: string | null;
  confirmedWith!: 'new_account' | 'existing_account' | null;
  candidateFirstName!: string | null;
  mayEdit!: boolean;
  maySearch!: boolean;
  mayLike!: boolean;
  mayShortlist!: boolean;
  mayMessage!: boolean;
  mayShare!: boolean;
  mayCall!: boolean;
  updatedAt!: number;

  permissions(): FamilyPermissions {
    return { mayEdit: this.mayEdit, maySearch: this.maySearch, mayLike: this.mayLike, mayShortlist: this.mayShortlist, mayMessage: this.mayMessage, mayShare: this.mayShare, mayCall: this.mayCall };
  }
}

export class FamilyMember extends BaseModel {
  static tableName = 'family_members';
  static bigintColumns = ['addedAt', 'removedAt'];
  id!: number;
  profileId!: number;
  userId!: number;
  relation!: string;
  status!: 'active' | 'removed';
  invitedBy!: number | null;
  addedAt!: number;
  removedAt!: number | null;
}

export class FamilyInvitation extends BaseModel {
  static tableName = 'family_invitations';
  static bigintColumns = ['expiresAt', 'usedAt', 'createdAt'];
  id!: number;
  profileId!: number;
  invitedBy!: number;
  role!: 'candidate' | 'family';
  relation!: string | null;
  email!: string;
  tokenHash!: string;
  expiresAt!: number;
  usedAt!: number | null;
  outcome!: 'replaced' | 'declined' | 'accepted' | 'taken_over' | 'revoked' | null;
  createdAt!: number;
}

export class FamilySuggestion extends BaseModel {
  static tableName = 'family_suggestions';
  static bigintColumns = ['createdAt', 'decidedAt'];
  id!: number;
  profileId!: number;
  suggestedProfileId!: number;
  suggestedBy!: number | null;
  note!: string | null;
  status!: 'open' | 'liked' | 'dismissed' | 'discussing';
  createdAt!: number;
  decidedAt!: number | null;
}

export class FamilyThreadMessage extends BaseModel {
  static tableName = 'family_thread_messages';
  static bigintColumns = ['createdAt'];
  id!: number;
  profileId!: number;
  suggestionId!: number | null;
  authorId!: number | null;
  content!: string;
  createdAt!: number;
}

/** Who did it, when a family member acted for the profile: a like or a message (no row: the profile's own account did). */
export class FamilyAct extends BaseModel {
  static tableName = 'family_acts';
  static bigintColumns = ['createdAt'];
  id!: number;
  kind!: 'like' | 'message';
  itemId!: number;
  profileId!: number;
  actedBy!: number | null;
  createdAt!: number;
}

/** A conversation of the candidate's that they shared with their family. */
export class FamilySharedConversation extends BaseModel {
  static tableName = 'family_shared_conversations';
  static bigintColumns = ['sharedAt'];
  id!: number;
  profileId!: number;
  otherUserId!: number;
  sharedAt!: number;
}

/** A change the candidate or a family member made for the profile, with who made it: the candidate's activity list. */
export class ProfileActivity extends BaseModel {
  static tableName = 'profile_activity';
  static bigintColumns = ['createdAt'];
  static jsonAttributes = ['fields'];
  id!: number;
  profileId!: number;
  actorUserId!: number | null;
  action!: ProfileActivityAction;
  /** what changed: an edit's fields (`photoIds`: the photos), a decision, or the permissions turned on or off */
  fields!: string[];
  /** the member the act was about (liked, written to, shortlisted, suggested); null for edits and permissions */
  subjectUserId!: number | null;
  createdAt!: number;
}

export type { ProfileActivityAction };
