import { BaseModel } from './base-model';

export class PrivacySettings extends BaseModel {
  static tableName = 'privacy_settings';
  static idColumn = 'userId';
  static booleanColumns = [
    'showOnlineStatus', 'showLastSeen', 'showPhoneNumber', 'showEmail', 'allowProfileScreenshots', 'blurPhotos', 'shareMoods',
  ];
  static bigintColumns = ['updatedAt'];

  userId!: number;
  profileVisibility!: 'all' | 'matches' | 'none';
  showOnlineStatus!: boolean;
  showLastSeen!: boolean;
  showPhoneNumber!: boolean;
  showEmail!: boolean;
  allowProfileScreenshots!: boolean;
  blurPhotos!: boolean;
  allowMessagesFrom!: 'all' | 'matches' | 'none';
  /** moods (those not kept private) are read by mood matching and conversation starters only while this is on */
  shareMoods!: boolean;
  updatedAt!: number;
}

export class NotificationSettings extends BaseModel {
  static tableName = 'notification_settings';
  static idColumn = 'userId';
  static booleanColumns = [
    'newMatches', 'newMessages', 'profileViews', 'appUpdates', 'emailNotifications', 'pushNotifications', 'pushMessageText',
    'savedSearchEmails',
  ];
  static bigintColumns = ['updatedAt', 'lastDigestAt', 'digestDueAt'];

  userId!: number;
  newMatches!: boolean;
  newMessages!: boolean;
  profileViews!: boolean;
  appUpdates!: boolean;
  emailNotifications!: boolean;
  pushNotifications!: boolean;
  pushMessageText!: boolean;
  /** the daily email of new members for the member's saved searches */
  savedSearchEmails!: boolean;
  digestFrequency!: 'daily' | 'weekly' | 'off';
  lastDigestAt!: number | null;
  /** when the digest job next looks at the member (their next 9:00 local); null: to be worked out */
  digestDueAt!: number | null;
  updatedAt!: number;
}
