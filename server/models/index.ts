export { BaseModel } from './base-model';
export { User } from './user';
export { PrivacySettings, NotificationSettings } from './settings';
export { Profile, type LanguagePreference } from './profile';
export { Photo, type PhotoPurpose } from './photo';
export { ProfileLike, Match, ProfileShare, Block, Report } from './social';
export {
  Message, Notification, SuccessStory, MoodType, UserMood, CulturalAdaptationAssessment, ContactMessage, ExpoDevInfo,
} from './engagement';
export {
  ProfileFamily, FamilyMember, FamilyInvitation, FamilySuggestion, FamilyThreadMessage, FamilyAct, FamilySharedConversation,
} from './family';
export { SubscriptionPlan, Payment, VerificationRequest, IdentityVerification, AuditLog, EmailOutbox, Announcement } from './ops';
export { Session, PasswordResetToken, EmailConfirmationToken, TotpRecoveryCode, KnownDevice, AppealToken, RateLimit, SignInAttempt } from './account';
export { Subscription, Invoice, StripeEvent, BillingClock } from './billing';
export { PushSubscription, PushOutbox, LiveEvent, Job, Counter } from './delivery';
export { ProfileView, NotInterested, ShareView, MoodPromptDismissal, StoryConsent, ProfileDraft, KundaliCache } from './activity';
export { SavedSearch } from './saved-search';
