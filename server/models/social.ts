import type { RelationMappingsThunk } from 'objection';
import { BaseModel } from './base-model';
import { Profile } from './profile';
import { User } from './user';

export class ProfileLike extends BaseModel {
  static tableName = 'profile_likes';
  static bigintColumns = ['createdAt'];
  id!: number;
  userId!: number;
  likedProfileId!: number;
  createdAt!: number;
  likedProfile?: Profile;

  static relationMappings: RelationMappingsThunk = () => ({
    likedProfile: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Profile,
      join: { from: 'profile_likes.likedProfileId', to: 'profiles.id' },
    },
  });
}

export class Match extends BaseModel {
  static tableName = 'matches';
  static bigintColumns = ['createdAt'];
  id!: number;
  user1Id!: number;
  user2Id!: number;
  createdAt!: number;
}

export class ProfileShare extends BaseModel {
  static tableName = 'profile_shares';
  static booleanColumns = ['isActive'];
  static bigintColumns = ['createdAt', 'expiresAt', 'deactivatedAt'];
  id!: number;
  profileId!: number;
  userId!: number;
  shareCode!: string;
  createdAt!: number;
  expiresAt!: number;
  accessCount!: number;
  isActive!: boolean;
  deactivatedAt!: number | null;
  deactivatedBy!: number | null;
  /** why a reviewer deactivated it (told to its owner); null when the owner did, or it is active */
  deactivationReason!: string | null;
  profile?: Profile;
  owner?: User;

  static relationMappings: RelationMappingsThunk = () => ({
    profile: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Profile,
      join: { from: 'profile_shares.profileId', to: 'profiles.id' },
    },
    owner: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'profile_shares.userId', to: 'users.id' },
    },
  });
}

export class Block extends BaseModel {
  static tableName = 'blocks';
  static bigintColumns = ['createdAt'];
  id!: number;
  blockerId!: number;
  blockedId!: number;
  createdAt!: number;
}

export class Report extends BaseModel {
  static tableName = 'reports';
  static bigintColumns = ['createdAt', 'handledAt'];
  id!: number;
  reporterId!: number | null;
  reportedUserId!: number;
  reportedProfileId!: number | null;
  reason!: string;
  details!: string | null;
  status!: 'open' | 'dismissed' | 'warned' | 'suspended' | 'upheld' | 'overturned';
  handledBy!: number | null;
  handledAt!: number | null;
  resolutionNote!: string | null;
  createdAt!: number;
  /** reports ops must see first (a profile made without its person's consent) sort above the others */
  priority!: number;
  filedFrom!: 'family_decline' | 'video_call' | null;
  /** 'auto': filed by the chat's scam rules, not by a member */
  source!: 'member' | 'auto';
  /** the message an automatic report highlights */
  messageId!: number | null;
  /** the suspension an appeal contests */
  suspensionId!: number | null;
  reporter?: User;
  reportedUser?: User;

  static relationMappings: RelationMappingsThunk = () => ({
    reporter: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'reports.reporterId', to: 'users.id' },
    },
    reportedUser: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'reports.reportedUserId', to: 'users.id' },
    },
  });
}

/** A suspension or ban of a member: who decided it, why, for how long, and how it ended. */
export class Suspension extends BaseModel {
  static tableName = 'suspensions';
  static bigintColumns = ['until', 'createdAt', 'endedAt'];
  id!: number;
  userId!: number;
  kind!: 'suspension' | 'ban';
  /** a suspension's end (null: until restored; always null for a ban) */
  until!: number | null;
  note!: string;
  reportId!: number | null;
  suspendedBy!: number | null;
  createdAt!: number;
  endedAt!: number | null;
  endedBy!: number | null;
  endNote!: string | null;
}
