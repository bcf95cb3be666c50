import { BaseModel } from './base-model';

export class ProfileView extends BaseModel {
  static tableName = 'profile_views';
  static bigintColumns = ['createdAt'];
  id!: number;
  viewerUserId!: number;
  profileId!: number;
  viewDate!: string;
  createdAt!: number;
}

export class NotInterested extends BaseModel {
  static tableName = 'not_interested';
  static bigintColumns = ['createdAt'];
  id!: number;
  userId!: number;
  profileId!: number;
  createdAt!: number;
}

export class ShareView extends BaseModel {
  static tableName = 'share_views';
  static bigintColumns = ['createdAt'];
  id!: number;
  shareId!: number;
  createdAt!: number;
}

export class MoodPromptDismissal extends BaseModel {
  static tableName = 'mood_prompt_dismissals';
  static idColumn = ['userId', 'day'];
  userId!: number;
  day!: string;
}

export class StoryConsent extends BaseModel {
  static tableName = 'story_consents';
  static bigintColumns = ['requestedAt', 'respondedAt'];
  id!: number;
  storyId!: number;
  userId!: number;
  status!: 'pending' | 'accepted' | 'declined' | 'withdrawn';
  tokenHash!: string;
  requestedAt!: number;
  respondedAt!: number | null;
}

/** The profile wizard's saved progress, one per member. */
export class ProfileDraft extends BaseModel {
  static tableName = 'profile_drafts';
  static idColumn = 'userId';
  static bigintColumns = ['updatedAt'];
  static jsonAttributes = ['values', 'photoIds'];
  userId!: number;
  step!: number;
  values!: Record<string, unknown>;
  photoIds!: number[];
  updatedAt!: number;
}

/** A computed Kundali reading of a pair, kept while its inputs are unchanged. */
export class KundaliCache extends BaseModel {
  static tableName = 'kundali_cache';
  static idColumn = 'pairKey';
  static bigintColumns = ['createdAt'];
  pairKey!: string;
  inputHash!: string;
  result!: string;
  createdAt!: number;
}
