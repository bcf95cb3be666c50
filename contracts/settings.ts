import './zod-config';
import * as z from 'zod';
import { ALLOW_MESSAGES_FROM, PROFILE_VISIBILITY } from './enums';

export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'off'] as const;

export const privacySettingsSchema = z
  .object({
    profileVisibility: z.enum(PROFILE_VISIBILITY),
    showOnlineStatus: z.boolean(),
    showLastSeen: z.boolean(),
    showPhoneNumber: z.boolean(),
    showEmail: z.boolean(),
    allowProfileScreenshots: z.boolean(),
    blurPhotos: z.boolean(),
    allowMessagesFrom: z.enum(ALLOW_MESSAGES_FROM),
    /** moods count for mood matching and conversation starters (off: every mood is private) */
    shareMoods: z.boolean(),
  })
  .partial();
export type PrivacySettings = Required<z.infer<typeof privacySettingsSchema>>;

export const notificationSettingsSchema = z
  .object({
    newMatches: z.boolean(),
    newMessages: z.boolean(),
    profileViews: z.boolean(),
    appUpdates: z.boolean(),
    emailNotifications: z.boolean(),
    pushNotifications: z.boolean(),
    /** show a message's text in push notifications (off: only who wrote) */
    pushMessageText: z.boolean(),
    /** the daily email of new members for the member's saved searches */
    savedSearchEmails: z.boolean(),
    /** the email digest of likes and profile views, at about 9:00 in the member's own time zone */
    digestFrequency: z.enum(DIGEST_FREQUENCIES),
  })
  .partial();
export type NotificationSettings = Required<z.infer<typeof notificationSettingsSchema>>;
