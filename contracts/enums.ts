// Enumerations and limits shared by the server and both apps. Imports nothing.

export const SUBSCRIPTION_TIERS = ['tryme', 'premium', 'elite'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const USER_ROLES = ['member', 'reviewer', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

/** Wizard offers self and parent; the editor all four. */
export const PROFILE_TYPES = ['self', 'parent', 'sibling', 'relative'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

export const PARENT_RELATIONSHIPS = ['father', 'mother', 'brother', 'sister', 'uncle', 'aunt', 'other'] as const;
export const EDUCATION_LEVELS = ["High School", "Bachelor's", "Master's", 'Doctorate'] as const;
export const RELIGIONS = ['Hindu', 'Sikh', 'Muslim', 'Christian', 'Jain', 'Buddhist', 'Other'] as const;
export const MOTHER_TONGUES = [
  'Hindi', 'Punjabi', 'Gujarati', 'Tamil', 'Telugu', 'Malayalam', 'Bengali', 'Marathi', 'Other',
] as const;
export const MARITAL_STATUSES = ['never_married', 'divorced', 'widowed', 'awaiting_divorce'] as const;
export const DIETS = ['vegetarian', 'non_vegetarian', 'eggetarian', 'vegan', 'jain'] as const;
export const FAMILY_TYPES = ['joint', 'nuclear'] as const;
export const FAMILY_VALUES = ['traditional', 'moderate', 'liberal'] as const;
export const ZODIAC_SIGNS = [
  'Aries', 'Taurus', 'Gemini', 'Cancer', 'Leo', 'Virgo',
  'Libra', 'Scorpio', 'Sagittarius', 'Capricorn', 'Aquarius', 'Pisces',
] as const;
export const RASHIS = [
  'Mesha', 'Vrishabha', 'Mithuna', 'Karka', 'Simha', 'Kanya',
  'Tula', 'Vrishchika', 'Dhanu', 'Makara', 'Kumbha', 'Meena',
] as const;
export const NAKSHATRAS = [
  'Ashwini', 'Bharani', 'Krittika', 'Rohini', 'Mrigashira', 'Ardra', 'Punarvasu', 'Pushya', 'Ashlesha',
  'Magha', 'Purva Phalguni', 'Uttara Phalguni', 'Hasta', 'Chitra', 'Swati', 'Vishakha', 'Anuradha', 'Jyeshtha',
  'Mula', 'Purva Ashadha', 'Uttara Ashadha', 'Shravana', 'Dhanishta', 'Shatabhisha', 'Purva Bhadrapada',
  'Uttara Bhadrapada', 'Revati',
] as const;

export const NRI_RESIDENCE_COUNTRIES = [
  'usa', 'canada', 'uk', 'australia', 'uae', 'singapore', 'new_zealand', 'germany', 'france',
  'south_africa', 'malaysia', 'saudi_arabia', 'netherlands', 'japan', 'other',
] as const;
export const CULTURAL_INTEGRATION_LEVELS = ['traditional', 'moderate', 'modern'] as const;
export const RETURN_TO_INDIA_PLANS = ['definite', 'considering', 'unlikely', 'never'] as const;
export const NRI_LANGUAGES = [
  'hindi', 'english', 'punjabi', 'tamil', 'telugu', 'marathi', 'gujarati', 'bengali', 'kannada',
  'malayalam', 'odia', 'urdu',
] as const;
export const LANGUAGE_FLUENCY = ['native', 'fluent', 'intermediate', 'basic'] as const;

export const PROFILE_VISIBILITY = ['all', 'matches', 'none'] as const;
export const ALLOW_MESSAGES_FROM = ['all', 'matches', 'none'] as const;

export const NOTIFICATION_TYPES = [
  'message', 'like', 'profile_like', 'match', 'profile_view', 'subscription', 'verification', 'other',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const MOOD_CATEGORIES = ['general', 'relationship', 'cultural'] as const;

export const REPORT_REASONS = [
  'fake_profile', 'inappropriate_content', 'harassment', 'scam_or_money_request', 'underage', 'made_without_consent', 'other',
] as const;

/**
 * Reports the ops queue shows first: a profile made of someone without their consent (by family or anyone else)
 * exposes a person who never agreed to be on a matrimonial site.
 */
export const PRIORITY_REPORT_REASONS: ReadonlyArray<(typeof REPORT_REASONS)[number]> = ['made_without_consent'];

export const ID_DOCUMENT_TYPES = ['passport', 'national_id', 'driving_licence', 'residence_permit'] as const;

export const SHARE_EXPIRY_DAYS = [1, 3, 7, 14, 30] as const;
export const DEFAULT_SHARE_EXPIRY_DAYS = 7;

export const LIMITS = {
  usernameMin: 3,
  usernameMax: 40,
  passwordMin: 8,
  passwordMax: 200,
  fullNameMax: 100,
  emailMax: 254,
  photosPerProfile: 3,
  // Room for today's phone cameras: a 48 MP (8000 × 6000) JPEG is 5–20 MB, a 64 MP sensor writes 9248 × 6936.
  // The member app downsizes to about 12 MP before sending whatever the browser can decode.
  photoMaxBytes: 25 * 1024 * 1024,
  photoMaxPixels: 70_000_000,
  ageMin: 18,
  ageMax: 70,
  bioMin: 10,
  bioMax: 500,
  messageMax: 2000,
  firstFreePremium: 500,
  resetTokenTtlMs: 60 * 60 * 1000,
} as const;
