import type { RelationMappingsThunk } from 'objection';
import type { NotificationType } from '../../contracts/enums';
import { BaseModel } from './base-model';
import { User } from './user';

export class Message extends BaseModel {
  static tableName = 'messages';
  static booleanColumns = ['isRead'];
  static bigintColumns = ['readAt', 'createdAt', 'emailedAt'];
  id!: number;
  senderId!: number;
  receiverId!: number;
  content!: string;
  isRead!: boolean;
  readAt!: number | null;
  createdAt!: number;
  /** when the unread-message email told the receiver about it */
  emailedAt!: number | null;
  /** the scam signal the chat rules recognised in it (null: none) */
  safetySignal!: string | null;
}

export class Notification extends BaseModel {
  static tableName = 'notifications';
  static booleanColumns = ['isRead'];
  static bigintColumns = ['createdAt', 'emailedAt'];
  id!: number;
  userId!: number;
  type!: NotificationType;
  title!: string;
  content!: string | null;
  relatedItemId!: number | null;
  sourceId!: number | null;
  sourceType!: string | null;
  actorUserId!: number | null;
  /** a helper's copy of a notification about the profile they help with (null: about the recipient's own account) */
  forProfileId!: number | null;
  isRead!: boolean;
  createdAt!: number;
  emailedAt!: number | null;
}

export class SuccessStory extends BaseModel {
  static tableName = 'success_stories';
  static booleanColumns = ['isPublished'];
  static bigintColumns = ['publishedAt', 'createdAt', 'updatedAt'];
  static jsonAttributes = ['photoKeys'];
  id!: number;
  user1Id!: number | null;
  user2Id!: number | null;
  matchDate!: string;
  marriageDate!: string | null;
  testimonial!: string;
  location!: string | null;
  photoKeys!: string[] | null;
  isPublished!: boolean;
  sortOrder!: number;
  createdBy!: number | null;
  publishedAt!: number | null;
  createdAt!: number;
  updatedAt!: number;
  user1?: User;
  user2?: User;

  static relationMappings: RelationMappingsThunk = () => ({
    user1: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'success_stories.user1Id', to: 'users.id' },
    },
    user2: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'success_stories.user2Id', to: 'users.id' },
    },
  });
}

export class MoodType extends BaseModel {
  static tableName = 'mood_types';
  static bigintColumns = ['createdAt'];
  id!: number;
  name!: string;
  icon!: string;
  category!: 'general' | 'relationship' | 'cultural';
  description!: string | null;
  valence!: number;
  energy!: number;
  createdAt!: number;
}

export class UserMood extends BaseModel {
  static tableName = 'user_moods';
  static booleanColumns = ['isPrivate'];
  static bigintColumns = ['createdAt'];
  id!: number;
  userId!: number;
  moodTypeId!: number | null;
  description!: string | null;
  intensity!: number;
  scale!: 'tracker' | 'prompt';
  note!: string | null;
  isPrivate!: boolean;
  createdAt!: number;
  moodType?: MoodType;

  static relationMappings: RelationMappingsThunk = () => ({
    moodType: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: MoodType,
      join: { from: 'user_moods.moodTypeId', to: 'mood_types.id' },
    },
  });
}

export class CulturalAdaptationAssessment extends BaseModel {
  static tableName = 'cultural_adaptation_assessments';
  static bigintColumns = ['createdAt'];
  id!: number;
  userId!: number;
  homesicknessLevel!: number;
  culturalIdentityStrength!: number;
  localCultureComfortLevel!: number;
  localFriendships!: number;
  indianCommunityConnection!: number;
  note!: string | null;
  createdAt!: number;
}

export class ContactMessage extends BaseModel {
  static tableName = 'contact_messages';
  static bigintColumns = ['handledAt', 'createdAt'];
  id!: number;
  userId!: number | null;
  name!: string;
  email!: string;
  subject!: string;
  message!: string;
  handledAt!: number | null;
  handledBy!: number | null;
  createdAt!: number;
}

export class ExpoDevInfo extends BaseModel {
  static tableName = 'expo_dev_info';
  static bigintColumns = ['createdAt'];
  id!: number;
  host!: string;
  port!: number;
  token!: string;
  devUrl!: string;
  createdAt!: number;
}
