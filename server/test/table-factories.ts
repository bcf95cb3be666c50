import crypto from 'node:crypto';
import type { ModelClass, PartialModelObject } from 'objection';
import type { Db } from '../db';
import type { BaseModel } from '../models/base-model';
import { SavedSearch } from '../models/saved-search';
import { AppealToken, EmailConfirmationToken, KnownDevice, PasswordResetToken, RateLimit, Session, SignInAttempt, TotpRecoveryCode } from '../models/account';
import { KundaliCache, MoodPromptDismissal, NotInterested, ProfileDraft, ProfileView, ShareView, StoryConsent } from '../models/activity';
import { Call, CallParticipant } from '../models/call';
import { BillingClock, Invoice, StripeEvent, Subscription } from '../models/billing';
import { Counter, Job, LiveEvent, PushOutbox, PushSubscription } from '../models/delivery';
import {
  ContactMessage, CulturalAdaptationAssessment, ExpoDevInfo, Message, MoodType, Notification, SuccessStory, UserMood,
} from '../models/engagement';
import { FamilyAct, FamilyInvitation, FamilyMember, FamilySharedConversation, FamilySuggestion, FamilyThreadMessage, ProfileActivity, ProfileFamily } from '../models/family';
import { Announcement, AuditLog, EmailOutbox, IdentityVerification, Payment, SubscriptionPlan, VerificationRequest } from '../models/ops';
import { Photo } from '../models/photo';
import { NotificationSettings, PrivacySettings } from '../models/settings';
import { Block, Match, ProfileLike, ProfileShare, Report, Suspension } from '../models/social';

/**
 * One factory per table (users and profiles have theirs in factories.ts): a row straight in the database with a
 * default for every column the database requires, overridden by what the test cares about. `Needed` names the
 * columns a test must always give (who blocks whom). Rows go in through the table's model, so booleans, JSON and
 * timestamps are written as the application writes them; the result is the inserted row with its id.
 */
function factory<M extends BaseModel, Needed extends keyof M = never>(model: ModelClass<M>, defaults: (now: number) => PartialModelObject<M>) {
  const build = async (db: Db, fields: Pick<M, Needed> & PartialModelObject<M>): Promise<M> => {
    const row = { ...defaults(Date.now()), ...fields } as PartialModelObject<M>;
    return (await model.query(db).insert(row)) as unknown as M;
  };
  return Object.assign(build, { model });
}

const DAY_MS = 24 * 3600_000;
const hex = (bytes: number) => crypto.randomBytes(bytes).toString('hex');

// Members and their settings (createAccount makes the settings rows; these are for a test that needs its own).
export const buildPrivacySettings = factory<PrivacySettings, 'userId'>(PrivacySettings, (now) => ({ updatedAt: now }));
export const buildNotificationSettings = factory<NotificationSettings, 'userId'>(NotificationSettings, (now) => ({ updatedAt: now }));

// Between members
export const buildBlock = factory<Block, 'blockerId' | 'blockedId'>(Block, (now) => ({ createdAt: now }));
export const buildMatch = factory<Match, 'user1Id' | 'user2Id'>(Match, (now) => ({ createdAt: now }));
export const buildLike = factory<ProfileLike, 'userId' | 'likedProfileId'>(ProfileLike, (now) => ({ createdAt: now }));
export const buildProfileView = factory<ProfileView, 'viewerUserId' | 'profileId'>(ProfileView, (now) => ({ viewDate: new Date(now).toISOString().slice(0, 10), createdAt: now }));
export const buildNotInterested = factory<NotInterested, 'userId' | 'profileId'>(NotInterested, (now) => ({ createdAt: now }));
export const buildMessage = factory<Message, 'senderId' | 'receiverId'>(Message, (now) => ({ content: 'Hello', isRead: false, createdAt: now }));
export const buildNotification = factory<Notification, 'userId'>(Notification, (now) => ({ type: 'other', title: 'A notification', isRead: false, createdAt: now }));
export const buildReport = factory<Report, 'reportedUserId'>(Report, (now) => ({ reason: 'fake_profile', status: 'open', createdAt: now }));
export const buildSuspension = factory<Suspension, 'userId'>(Suspension, (now) => ({ kind: 'suspension', until: null, note: 'Repeated harassment', createdAt: now }));
export const buildProfileShare = factory<ProfileShare, 'profileId' | 'userId'>(ProfileShare, (now) => ({ shareCode: hex(8), createdAt: now, expiresAt: now + 7 * DAY_MS, accessCount: 0, isActive: true }));
export const buildShareView = factory<ShareView, 'shareId'>(ShareView, (now) => ({ createdAt: now }));

// Photos, moods, stories
export const buildPhoto = factory<Photo, 'userId'>(Photo, (now) => ({ purpose: 'profile', position: 0, fileKey: hex(16), width: 10, height: 10, bytes: 10, createdAt: now }));
export const buildMoodType = factory<MoodType>(MoodType, (now) => ({ name: `Mood ${hex(3)}`, icon: '🙂', category: 'general', valence: 0, energy: 0, createdAt: now }));
export const buildUserMood = factory<UserMood, 'userId'>(UserMood, (now) => ({ intensity: 3, scale: 'tracker', isPrivate: false, createdAt: now }));
export const buildMoodPromptDismissal = factory<MoodPromptDismissal, 'userId' | 'day'>(MoodPromptDismissal, () => ({}));
export const buildCulturalAssessment = factory<CulturalAdaptationAssessment, 'userId'>(CulturalAdaptationAssessment, (now) => ({
  homesicknessLevel: 3, culturalIdentityStrength: 3, localCultureComfortLevel: 3, localFriendships: 3, indianCommunityConnection: 3, createdAt: now,
}));
export const buildSuccessStory = factory<SuccessStory>(SuccessStory, (now) => ({ matchDate: '2025-01-01', testimonial: 'We met on Saathi.', isPublished: false, sortOrder: 0, createdAt: now, updatedAt: now }));
export const buildStoryConsent = factory<StoryConsent, 'storyId' | 'userId'>(StoryConsent, (now) => ({ status: 'pending', tokenHash: hex(32), requestedAt: now }));
export const buildProfileDraft = factory<ProfileDraft, 'userId'>(ProfileDraft, (now) => ({ step: 1, values: {}, photoIds: [], updatedAt: now }));
export const buildKundaliCache = factory<KundaliCache, 'pairKey' | 'result'>(KundaliCache, (now) => ({ inputHash: hex(32), createdAt: now }));

// Family
export const buildProfileFamily = factory<ProfileFamily, 'profileId' | 'consent'>(ProfileFamily, (now) => ({
  mayEdit: true, maySearch: true, mayLike: true, mayShortlist: true, mayMessage: false, mayShare: true, mayCall: false, updatedAt: now,
}));
export const buildFamilyMember = factory<FamilyMember, 'profileId' | 'userId'>(FamilyMember, (now) => ({ relation: 'mother', status: 'active', addedAt: now }));
export const buildFamilyInvitation = factory<FamilyInvitation, 'profileId' | 'invitedBy' | 'role'>(FamilyInvitation, (now) => ({
  email: `invitee_${hex(4)}@example.test`, tokenHash: hex(32), expiresAt: now + 7 * DAY_MS, createdAt: now,
}));
export const buildFamilySuggestion = factory<FamilySuggestion, 'profileId' | 'suggestedProfileId'>(FamilySuggestion, (now) => ({ status: 'open', createdAt: now }));
export const buildFamilyThreadMessage = factory<FamilyThreadMessage, 'profileId'>(FamilyThreadMessage, (now) => ({ content: 'What do you think?', createdAt: now }));
export const buildFamilyAct = factory<FamilyAct, 'kind' | 'itemId' | 'profileId'>(FamilyAct, (now) => ({ createdAt: now }));
export const buildFamilySharedConversation = factory<FamilySharedConversation, 'profileId' | 'otherUserId'>(FamilySharedConversation, (now) => ({ sharedAt: now }));
export const buildProfileActivity = factory<ProfileActivity, 'profileId'>(ProfileActivity, (now) => ({ action: 'edit', fields: ['city'], createdAt: now }));
export const buildSavedSearch = factory<SavedSearch, 'userId'>(SavedSearch, (now) => ({ name: 'Doctors in Toronto', filters: { query: 'doctor' }, emailAlerts: true, pushAlerts: true, seen: '', createdAt: now, updatedAt: now }));

// Video calls
export const buildCall = factory<Call, 'callerId' | 'calleeId'>(Call, (now) => ({ status: 'ringing', createdAt: now }));
export const buildCallParticipant = factory<CallParticipant, 'callId' | 'userId' | 'sideUserId'>(CallParticipant, (now) => ({ role: 'member', state: 'invited', invitedAt: now }));

// Sign-in, tokens, devices
export const buildSession = factory<Session>(Session, (now) => ({ id: hex(16), data: '{}', expiresAt: now + DAY_MS, createdAt: now, lastSeenAt: now }));
export const buildPasswordResetToken = factory<PasswordResetToken, 'userId'>(PasswordResetToken, (now) => ({ tokenHash: hex(32), expiresAt: now + 3600_000, createdAt: now }));
export const buildEmailConfirmationToken = factory<EmailConfirmationToken, 'userId'>(EmailConfirmationToken, (now) => ({ tokenHash: hex(32), expiresAt: now + DAY_MS, createdAt: now }));
export const buildRecoveryCode = factory<TotpRecoveryCode, 'userId'>(TotpRecoveryCode, (now) => ({ codeHash: hex(32), createdAt: now }));
export const buildKnownDevice = factory<KnownDevice, 'userId'>(KnownDevice, (now) => ({ deviceHash: hex(32), firstSeenAt: now, lastSeenAt: now }));
export const buildSignInAttempt = factory<SignInAttempt, 'userId'>(SignInAttempt, (now) => ({ outcome: 'success', form: 'member', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1', ip: '203.0.113.7', createdAt: now }));
export const buildAppealToken = factory<AppealToken, 'userId'>(AppealToken, (now) => ({ tokenHash: hex(32), expiresAt: now + 7 * DAY_MS, createdAt: now }));
export const buildRateLimit = factory<RateLimit, 'key'>(RateLimit, (now) => ({ windowStart: now, count: 1 }));

// Verification, ops, mail
export const buildVerificationRequest = factory<VerificationRequest, 'userId'>(VerificationRequest, (now) => ({ documentType: 'passport', status: 'pending', createdAt: now }));
export const buildIdentityVerification = factory<IdentityVerification, 'userId'>(IdentityVerification, (now) => ({ method: 'document', verifiedAt: now }));
export const buildAuditEntry = factory<AuditLog, 'action'>(AuditLog, (now) => ({ createdAt: now }));
export const buildContactMessage = factory<ContactMessage>(ContactMessage, (now) => ({ name: 'A visitor', email: 'visitor@example.test', subject: 'Hello', message: 'A question about Saathi.', createdAt: now }));
export const buildAnnouncement = factory<Announcement, 'subject'>(Announcement, (now) => ({ digest: hex(32), startedAt: now }));
export const buildEmail = factory<EmailOutbox, 'toEmail'>(EmailOutbox, (now) => ({ subject: 'A message', bodyText: 'Hello', kind: 'notification', attempts: 0, createdAt: now }));
export const buildExpoDevInfo = factory<ExpoDevInfo>(ExpoDevInfo, (now) => ({ host: '127.0.0.1', port: 8081, token: hex(8), devUrl: 'exp://127.0.0.1:8081', createdAt: now }));

// Payments and subscriptions
export const buildSubscriptionPlan = factory<SubscriptionPlan, 'tier'>(SubscriptionPlan, () => ({ name: 'A plan', description: 'A plan for tests', priceCents: 999, currency: 'usd', features: [], sortOrder: 9 }));
export const buildPayment = factory<Payment, 'userId'>(Payment, (now) => ({
  provider: 'stripe', intentId: `pi_test_${hex(6)}`, tier: 'premium', amountCents: 1499, currency: 'usd', status: 'succeeded', isDemo: false, createdAt: now, updatedAt: now,
}));
export const buildSubscription = factory<Subscription, 'userId'>(Subscription, (now) => ({
  provider: 'stripe', providerSubscriptionId: `sub_test_${hex(6)}`, tier: 'premium', status: 'active', currentPeriodStart: now, currentPeriodEnd: now + 30 * DAY_MS,
  cancelAtPeriodEnd: false, cardFailsOnRenewal: false, lastEventAt: now, createdAt: now, updatedAt: now,
}));
export const buildInvoice = factory<Invoice, 'userId'>(Invoice, (now) => ({
  provider: 'stripe', providerInvoiceId: `in_test_${hex(6)}`, tier: 'premium', reason: 'subscription_create', amountCents: 1499, currency: 'usd', status: 'paid',
  periodStart: now, periodEnd: now + 30 * DAY_MS, paidAt: now, attemptCount: 1, createdAt: now,
}));
export const buildStripeEvent = factory<StripeEvent>(StripeEvent, (now) => ({ id: `evt_test_${hex(6)}`, type: 'invoice.paid', processedAt: now }));
export const buildBillingClock = factory<BillingClock>(BillingClock, () => ({ id: 1, offsetMs: 0 }));

// Delivery and machinery
export const buildPushSubscription = factory<PushSubscription, 'userId'>(PushSubscription, (now) => {
  const endpoint = `https://push.example.test/${hex(8)}`;
  return { endpoint, endpointHash: crypto.createHash('sha256').update(endpoint).digest('hex'), p256dh: 'k', auth: 'a', createdAt: now };
});
export const buildPush = factory<PushOutbox, 'subscriptionId'>(PushOutbox, (now) => ({ payload: { title: 'Hello' }, urgency: 'normal', attempts: 0, nextAttemptAt: now, expiresAt: now + DAY_MS, createdAt: now }));
export const buildLiveEvent = factory<LiveEvent, 'userId'>(LiveEvent, (now) => ({ kind: 'notification', payload: {}, createdAt: now }));
export const buildJob = factory<Job, 'name'>(Job, (now) => ({ nextRunAt: now, runs: 0, failures: 0 }));
export const buildCounter = factory<Counter, 'name'>(Counter, () => ({ value: 0 }));
