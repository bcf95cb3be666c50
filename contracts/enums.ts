// Enumerations and limits shared by the server and both apps. Imports nothing.

export const SUBSCRIPTION_TIERS = ['tryme', 'premium', 'elite'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const USER_ROLES = ['member', 'reviewer', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** `suspended` has an end (`suspendedUntil`, null: until restored); `banned` is permanent. */
export const USER_STATUSES = ['active', 'suspended', 'banned'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

/** Who made the profile; registration, the wizard and the editor offer all of them (see ./profile-for). */
export const PROFILE_TYPES = ['self', 'parent', 'sibling', 'relative', 'friend'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

export const PARENT_RELATIONSHIPS = ['father', 'mother', 'brother', 'sister', 'uncle', 'aunt', 'other'] as const;
export const EDUCATION_LEVELS = ["High School", "Bachelor's", "Master's", 'Doctorate'] as const;
export const RELIGIONS = ['Hindu', 'Sikh', 'Muslim', 'Christian', 'Jain', 'Buddhist', 'Other'] as const;
/**
 * The major Indian languages, the spec's eight first. The one list behind the mother tongue (profile, editor, search
 * filters, score) and the NRI languages card, which stores each name lower-cased.
 */
export const INDIAN_LANGUAGES = [
  'Hindi', 'Punjabi', 'Gujarati', 'Tamil', 'Telugu', 'Malayalam', 'Bengali', 'Marathi',
  'Kannada', 'Urdu', 'Odia', 'Konkani', 'Sindhi', 'Assamese', 'Kashmiri', 'Tulu', 'Marwari', 'Maithili', 'Nepali', 'English',
] as const;
export type IndianLanguage = (typeof INDIAN_LANGUAGES)[number];
export const MOTHER_TONGUES = [...INDIAN_LANGUAGES, 'Other'] as const;
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
/** The longest note on a shortlist entry. */
export const SHORTLIST_NOTE_MAX = 500;
/** Search's "recently active" choices, in days. */
export const ACTIVE_WITHIN_DAYS = [1, 7, 30] as const;
/** How search results are ordered: best match (the default), newest profiles, recently active, youngest first. */
export const SEARCH_SORTS = ['best', 'newest', 'active', 'age'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** The longest name of a saved search. */
export const SAVED_SEARCH_NAME_MAX = 60;
/** The widest distance a search may ask for (`withinKm`). */
export const MAX_RADIUS_KM = 500;
export const RETURN_TO_INDIA_PLANS = ['definite', 'considering', 'unlikely', 'never'] as const;
/** The NRI card's language codes: the same languages, lower-cased (the codes stored before this list grew are among them). */
export const NRI_LANGUAGES = INDIAN_LANGUAGES.map((name) => name.toLowerCase()) as unknown as readonly [
  Lowercase<IndianLanguage>,
  ...Lowercase<IndianLanguage>[],
];
/** The display name of an NRI language code. */
export function languageName(code: string): string | null {
  return INDIAN_LANGUAGES.find((name) => name.toLowerCase() === code) ?? null;
}
export const LANGUAGE_FLUENCY = ['native', 'fluent', 'intermediate', 'basic'] as const;

export const PROFILE_VISIBILITY = ['all', 'matches', 'none'] as const;
export const ALLOW_MESSAGES_FROM = ['all', 'matches', 'none'] as const;

export const NOTIFICATION_TYPES = [
  'message', 'like', 'profile_like', 'match', 'profile_view', 'subscription', 'verification', 'report_outcome', 'missed_call', 'other',
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

/**
 * How long a reviewer suspends a member for: a suspension of 24 hours, 7 days or 30 days ends by itself; `until_restored`
 * lasts until a reviewer restores the account; `ban` closes it permanently (status `banned`).
 */
export const SUSPENSION_LENGTHS = ['24h', '7d', '30d', 'until_restored', 'ban'] as const;
export type SuspensionLength = (typeof SUSPENSION_LENGTHS)[number];
export const SUSPENSION_LENGTH_MS: Record<SuspensionLength, number | null> = {
  '24h': 24 * 3600_000, '7d': 7 * 24 * 3600_000, '30d': 30 * 24 * 3600_000, until_restored: null, ban: null,
};
export const SUSPENSION_LENGTH_LABELS: Record<SuspensionLength, string> = {
  '24h': '24 hours', '7d': '7 days', '30d': '30 days', until_restored: 'Until restored', ban: 'Permanent ban',
};

/** The kinds of scam signal the chat rules recognise in a message. */
export const SAFETY_SIGNALS = ['money_request', 'investment', 'off_platform'] as const;
export type SafetySignal = (typeof SAFETY_SIGNALS)[number];

/** What the recipient reads under a message that carries a scam signal. */
export const SAFETY_NOTICE = 'Saathi will never ask you for money. Never send money to someone you have not met.';

/** What a member who reported someone reads once a reviewer took action (nothing about the other member). */
export const REPORT_OUTCOME_TITLE = 'Thank you — we reviewed your report and took action';

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

/** A family member's relation to the person a profile is for (contracts/family.ts; a list of its own, light enough for the app shell). */
export const FAMILY_RELATION_VALUES = ['mother', 'father', 'sibling', 'guardian', 'relative', 'friend'] as const;
