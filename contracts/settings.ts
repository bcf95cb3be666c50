import './zod-config';
import * as z from 'zod';
import { ALLOW_MESSAGES_FROM, PROFILE_VISIBILITY } from './enums';
import { LANGUAGE_CODES } from './i18n/languages';
import { validationTexts } from './i18n/validation';

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

export const SETTINGS_MESSAGES = validationTexts('settings');

/** PUT /api/users/:id/language: the member's language, from the list Saathi speaks. */
export const languageSchema = z.object({
  language: z.enum(LANGUAGE_CODES, { error: SETTINGS_MESSAGES.languageInvalid }),
});
