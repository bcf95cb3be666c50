// Response shapes of the API, shared by the server's presenters (which are type-checked against them) and
// the apps. Types only: nothing here reaches a bundle.

export interface PhotoView {
  id: number;
  url: string;
  thumbnailUrl: string;
  /** true when the viewer may only see the blurred rendition (the owner's blurPhotos setting) */
  blurred: boolean;
}

export interface LanguageFluency {
  language: string;
  fluency: string;
}

/**
 * Where a profile's rashi, nakshatra, Manglik status or western sign came from: 'computed' from birth date, time
 * and place (or, for the western sign, the birth date alone), 'entered' by the member, null when neither gives one.
 */
export type AstroSource = 'computed' | 'entered' | null;
export interface AstroSources {
  rashi: AstroSource;
  nakshatra: AstroSource;
  manglik: AstroSource;
  zodiacSign: AstroSource;
}

/** GET /api/profiles/{id}, /api/users/{userId}/profile, /api/profiles/user/{userId}, POST/PATCH answers. */
export interface ProfileView {
  id: number;
  /** "Managed by family, not yet confirmed by Priya" while the person a family-made profile is for has not accepted; in the viewer's language */
  familyStatus?: string | null;
  /** GET /api/profiles/{id} of another member: each factor of the viewer's match percentage (null: no match to explain) */
  matchFactors?: MatchFactorView[] | null;
  userId: number;
  user: { id: number; fullName: string; isVerified: boolean };
  fullName: string;
  /** only for the owner */
  username?: string;
  isVerified: boolean;
  gender: string | null;
  lookingFor: string | null;
  dateOfBirth: string | null;
  age: number | null;
  profileType: string;
  /** who the candidate is to the account holder (self, son, daughter, brother, sister, relative, friend), from profile type and gender */
  relation?: string | null;
  parentName: string | null;
  parentRelationship: string | null;
  /** null unless the viewer is the owner or the owner shows phone numbers */
  parentContact: string | null;
  location: string | null;
  country: string | null;
  city: string | null;
  height: number | null;
  education: string | null;
  educationDetails: string | null;
  profession: string | null;
  company: string | null;
  /** only for the owner */
  income: number | null;
  /** ISO 4217 code of income; only for the owner */
  incomeCurrency: string | null;
  maritalStatus: string | null;
  about: string | null;
  bio: string | null;
  motherTongue: string | null;
  religion: string | null;
  diet: string | null;
  /** display URLs, first is the main photo (blurred renditions when photosBlurred) */
  photos: string[];
  photoDetails: PhotoView[];
  photosBlurred: boolean;
  birthHour: number | null;
  birthMinute: number | null;
  birthAmPm: string | null;
  birthPlace: string | null;
  /** zodiacSign, rashi, nakshatra and manglik: the profile's values everywhere (computed when the birth details resolve) */
  zodiacSign: string | null;
  /** The western sign the birth date gives (shown where the member entered none). */
  zodiacSignFromBirthDate?: string | null;
  rashi: string | null;
  nakshatra: string | null;
  manglik: boolean | null;
  astroSource: AstroSources;
  gotra: string | null;
  kundaliDetails: string[];
  familyType: string | null;
  familyValues: string | null;
  siblingDetails: string | null;
  /** the community the family belongs to (nriCommunity is the diaspora association) */
  community: string | null;
  fatherOccupation: string | null;
  motherOccupation: string | null;
  brothers: number | null;
  brothersMarried: number | null;
  sisters: number | null;
  sistersMarried: number | null;
  familyLocation: string | null;
  familyBackground: string | null;
  agePreferenceMin: number | null;
  agePreferenceMax: number | null;
  locationPreference: string[];
  educationPreference: string | null;
  professionPreference: string | null;
  /** partner preferences on the basics: a height range (cm), and lists that are empty for "open to all" */
  heightPreferenceMin: number | null;
  heightPreferenceMax: number | null;
  maritalStatusPreference: string[];
  dietPreference: string[];
  communityPreference: string[];
  religionPreference: string[];
  motherTonguePreference: string[];
  nriResidenceCountry: string | null;
  nriCommunity: string | null;
  culturalIntegrationLevel: string | null;
  returnToIndiaPlans: string | null;
  /** JSON text of LanguageFluency[] (the spec's wire format); null while the member has not answered */
  languagePreferences: string | null;
  languages: LanguageFluency[];
  visaImmigrationExperience: string | null;
  profileCompletionStage: number;
  basicInfoComplete: boolean;
  personalDetailsComplete: boolean;
  astrologyInfoComplete: boolean;
  familyInfoComplete: boolean;
  preferencesComplete: boolean;
  matchPercentage: number | null;
  is_deleted: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Lists: GET /api/profile-likes/{userId}, search results, matches. */
export interface ProfileCardView {
  id: number;
  /** who of the liker's family gave the like: in "who liked you" ("Priya's mother"); in the member's own liked list ("your father", or "you" to the family member acting who gave it) */
  likedBy?: string | null;
  userId: number;
  user: { id: number; fullName: string; isVerified: boolean };
  fullName: string;
  isVerified: boolean;
  gender: string | null;
  dateOfBirth: string | null;
  age: number | null;
  profileType: string;
  parentName: string | null;
  parentRelationship: string | null;
  location: string | null;
  city: string | null;
  country: string | null;
  /**
   * ISO 3166-1 alpha-2 code of `country` (any accepted spelling; null when it names none), worked out on the server:
   * naming countries in the browser (Intl.DisplayNames) loads the platform's region names, 40–70 ms on a phone's
   * first screen, for the two letters a featured card shows.
   */
  countryCode: string | null;
  profession: string | null;
  education: string | null;
  religion: string | null;
  motherTongue: string | null;
  /** the same values as the profile's (computed from birth details when they resolve) */
  rashi: string | null;
  nakshatra: string | null;
  manglik: boolean | null;
  zodiacSign: string | null;
  astroSource: AstroSources;
  /** thumbnail of the main photo (blurred when photosBlurred) */
  photos: string[];
  photosBlurred: boolean;
  matchPercentage: number | null;
  /** search results only: mood compatibility with the viewer from recent public moods (null without data) */
  moodScore?: number | null;
  /** text search results only: the card's searched fields that hold a term of the query (null: only the name did) */
  snippet?: string | null;
  /** text search results only: the query's terms found on the card, for the app to mark */
  matchedTerms?: string[];
}

/** GET /api/profiles/{userId}/completion-status */
export interface CompletionStatusView {
  profileId: number;
  completionPercentage: number;
  isComplete: boolean;
  currentStage: number | null;
  nextStage: { stage: number; name: string; fields: string[]; description: string } | null;
  stages: Array<{ stage: number; name: string; complete: boolean }>;
}

/** POST /api/profiles/{profileId}/completion/{stage} */
export interface StageSaveView {
  message: string;
  profile: ProfileView;
  completion: CompletionStatusView;
}

/** POST /api/upload/photo */
export interface UploadedPhotoView {
  id: number;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

/** Share links of a profile (owner) */
export interface ShareView {
  id: number;
  shareCode: string;
  createdAt: string;
  expiresAt: string;
  accessCount: number;
  isActive: boolean;
}

/** GET /api/shares/{shareCode} (public) */
/**
 * What a shared link shows a stranger: the profile as members see it, without internal ids, the parent's
 * contact number, income, immigration history or the account's bookkeeping.
 */
export type SharedProfileFields = Omit<
  ProfileView,
  | 'id' | 'userId' | 'user' | 'username' | 'parentContact' | 'income' | 'incomeCurrency' | 'visaImmigrationExperience' | 'matchPercentage' | 'is_deleted'
  | 'profileCompletionStage' | 'basicInfoComplete' | 'personalDetailsComplete' | 'astrologyInfoComplete' | 'familyInfoComplete' | 'preferencesComplete'
  | 'photoDetails'
> & { user: { fullName: string; isVerified: boolean }; photoDetails: Array<Omit<PhotoView, 'id'>> };

export interface SharedProfileView {
  profile: SharedProfileFields;
  share: { createdAt: string; expiresAt: string; accessCount: number; isActive: boolean };
}

export interface PrivacySettingsView {
  profileVisibility: 'all' | 'matches' | 'none';
  showOnlineStatus: boolean;
  showLastSeen: boolean;
  showPhoneNumber: boolean;
  showEmail: boolean;
  allowProfileScreenshots: boolean;
  blurPhotos: boolean;
  allowMessagesFrom: 'all' | 'matches' | 'none';
  shareMoods: boolean;
  updatedAt: string;
}

export interface NotificationSettingsView {
  newMatches: boolean;
  newMessages: boolean;
  profileViews: boolean;
  appUpdates: boolean;
  emailNotifications: boolean;
  pushNotifications: boolean;
  pushMessageText: boolean;
  /** the daily email of new members for the member's saved searches */
  savedSearchEmails: boolean;
  digestFrequency: 'daily' | 'weekly' | 'off';
  /** mail to the member's address was refused by their mail server: nothing more is sent until they clear it */
  emailBounce: { address: string; at: string; reason: string } | null;
  updatedAt: string;
}

export interface NotificationView {
  id: number;
  userId: number;
  type: string;
  title: string;
  content: string | null;
  relatedItemId: number | null;
  sourceId: number | null;
  sourceType: string | null;
  isRead: boolean;
  is_read: boolean;
  /** a helper's copy about the profile they help with: whose it is (null: about the recipient's own account) */
  forProfile: { profileId: number; name: string } | null;
  createdAt: string;
}

/** One factor of a match percentage: what was compared, how much it weighs, how much it earned. */
export interface MatchFactorView {
  factor: string;
  weight: number;
  earned: number;
  detail: string;
}

/** GET /api/success-stories (published only) */
export interface SuccessStoryView {
  id: number;
  user1: { fullName: string };
  user2: { fullName: string };
  profile1: { photos: string[] };
  profile2: { photos: string[] };
  story: { matchDate: string; marriageDate: string | null; testimonial: string; location: string | null };
}

/** GET /api/dev/expo-info */
export interface ExpoInfoView {
  devUrl: string;
  host: string;
  port: number;
  status: 'ready';
  qrCodeImageUrl: string;
  updatedAt: string;
}

export interface MessageView {
  id: number;
  senderId: number;
  receiverId: number;
  content: string;
  isRead: boolean;
  is_read: boolean;
  createdAt: string;
  /** written by one of the sender's family for them ("Priya's mother"); absent or null: the member themself */
  sentBy?: MessageAuthorView | null;
  /** to the recipient of a message the chat's scam rules recognised: the calm notice shown under it */
  safetyNotice?: string | null;
}

/** The family member who wrote a message for the member: their relation and how both sides name them ("Priya's mother"). */
export interface MessageAuthorView {
  relation: string;
  label: string;
}

/** A conversation's newest message, as lists preview it; `sentBy` as on the thread's messages. */
export interface LastMessageView {
  content: string;
  createdAt: string;
  senderId: number;
  sentBy: MessageAuthorView | null;
}

/** GET /api/messages/{userId}: one row per conversation, newest first. */
export interface ConversationView {
  otherUser: { id: number; fullName: string };
  profile: { id: number | null; photos: string[] };
  /** null for a match nobody has written in yet ("Say hello") */
  lastMessage: LastMessageView | null;
  /** when the two matched; null when they write without being matched */
  matchedAt: string | null;
  unreadCount: number;
}

/** GET /api/users/{userId}/matches: a mutual match with the conversation's last message. */
export interface MutualMatchView {
  profile: ProfileCardView;
  matchedAt: string;
  lastMessage: LastMessageView | null;
  unreadCount: number;
}

/** GET /api/messages/{userId}/{otherUserId}/peer: what the chat header needs, decided by the server. */
export interface ChatPeerView {
  id: number;
  fullName: string;
  profileId: number | null;
  photo: string | null;
  /** null when the member hides their online status */
  online: boolean | null;
  /** null when the member hides their last-seen time */
  lastSeenAt: string | null;
  canMessage: boolean;
  reason: string | null;
}

export interface SessionDeviceView {
  id: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

export interface MoodTypeView {
  id: number;
  name: string;
  icon: string;
  category: 'general' | 'relationship' | 'cultural';
  description: string | null;
}

export interface MoodRecordView {
  id: number;
  moodType: MoodTypeView | null;
  description: string | null;
  /** 1–5 for tracker entries, 10–100 for prompt entries (see scale) */
  intensity: number;
  scale: 'tracker' | 'prompt';
  note: string | null;
  isPrivate: boolean;
  createdAt: string;
}

export interface CulturalAssessmentView {
  id: number;
  homesicknessLevel: number;
  culturalIdentityStrength: number;
  localCultureComfortLevel: number;
  localFriendships: number;
  indianCommunityConnection: number;
  note: string | null;
  adaptationLevel: number;
  createdAt: string;
}

/** The aspects of mood compatibility (server/services/moods.ts), worded by the app in the member's language. */
export const MOOD_ASPECTS = ['emotionalTone', 'energy', 'sharedFeelings', 'culturalOutlook'] as const;
export type MoodAspect = (typeof MOOD_ASPECTS)[number];

export interface MoodCompatibilityView {
  score: number | null;
  details: Array<{ aspect: MoodAspect; score: number }>;
}

export interface CulturalInsightView {
  adaptationLevel: number | null;
  description: string;
}
