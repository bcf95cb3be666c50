import type { Language } from '../../contracts/i18n/languages';
import type { Model as ModelType, RelationMappingsThunk } from 'objection';
import type { SubscriptionTier, UserRole, UserStatus } from '../../contracts/enums';
import { BaseModel } from './base-model';
import { NotificationSettings, PrivacySettings } from './settings';

export class User extends BaseModel {
  static tableName = 'users';
  static booleanColumns = ['isVerified', 'totpEnabled', 'isDeleted'];
  static bigintColumns = ['subscriptionEnds', 'totpLastStep', 'lastActiveAt', 'passwordChangedAt', 'deletedAt', 'createdAt', 'updatedAt', 'emailBouncedAt', 'suspendedUntil'];

  id!: number;
  fullName!: string;
  username!: string;
  usernameLower!: string;
  email!: string;
  emailLower!: string;
  passwordHash!: string;
  role!: UserRole;
  status!: UserStatus;
  /** while suspended: when the suspension ends by itself (null: until a reviewer restores the account) */
  suspendedUntil!: number | null;
  subscriptionTier!: SubscriptionTier;
  subscriptionEnds!: number | null;
  registrationNumber!: number | null;
  messageCount!: number;
  isVerified!: boolean;
  stripeCustomerId!: string | null;
  stripeSubscriptionId!: string | null;
  profilePicture!: string | null;
  totpSecret!: string | null;
  totpEnabled!: boolean;
  /** the last TOTP time step accepted (a code is used once) */
  totpLastStep!: number | null;
  lastActiveAt!: number | null;
  passwordChangedAt!: number | null;
  /** null until the member opens the confirmation link (registrations outside demo mode) */
  emailConfirmedAt!: number | null;
  isDeleted!: boolean;
  deletedAt!: number | null;
  createdAt!: number;
  updatedAt!: number;
  emailBouncedAt!: number | null;
  emailBounceReason!: string | null;
  /** the language of the member's app, emails and pushes (contracts/i18n/languages.ts) */
  language!: Language;

  privacySettings?: PrivacySettings;
  notificationSettings?: NotificationSettings;

  static modifiers = {
    live(builder: ReturnType<typeof User.query>) {
      builder.where('users.isDeleted', false).where('users.status', 'active');
    },
  };

  // No relation to profiles here: a profile reaches its user (Profile.user), so the two models do not import
  // each other.
  static relationMappings: RelationMappingsThunk = () => ({
    privacySettings: {
      relation: BaseModel.HasOneRelation,
      modelClass: PrivacySettings,
      join: { from: 'users.id', to: 'privacy_settings.userId' },
    },
    notificationSettings: {
      relation: BaseModel.HasOneRelation,
      modelClass: NotificationSettings,
      join: { from: 'users.id', to: 'notification_settings.userId' },
    },
  });
}

export type UserModel = ModelType & User;
