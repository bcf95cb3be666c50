import type { Db } from '../db';
import { notFound } from '../errors';
import { KnownDevice, Session, SignInAttempt, TotpRecoveryCode } from '../models/account';
import { SavedSearch } from '../models/saved-search';
import { MoodPromptDismissal, NotInterested, ProfileDraft, ProfileView, StoryConsent } from '../models/activity';
import { Invoice, Subscription } from '../models/billing';
import { ContactMessage, CulturalAdaptationAssessment, Message, Notification, SuccessStory, UserMood } from '../models/engagement';
import { Call, CallParticipant } from '../models/call';
import { FamilyMember, ProfileActivity } from '../models/family';
import { EmailOutbox, IdentityVerification, Payment, VerificationRequest } from '../models/ops';
import { Photo } from '../models/photo';
import { Profile } from '../models/profile';
import { NotificationSettings, PrivacySettings } from '../models/settings';
import { Block, Match, ProfileLike, ProfileShare, Report, Suspension } from '../models/social';
import { User } from '../models/user';
import { isoOrNull } from '../presenters/user';
import { photoUrl } from './photos';
import { listSubscriptions } from './push/subscriptions';

/**
 * Everything a member owns, and nothing of anyone else's: their account, profiles, photos, settings, the
 * messages they wrote, their notifications, likes and blocks they made, moods, assessments, shares, payments.
 * Other members appear only as ids where a record links to them.
 */
function safeJson(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

export async function exportMemberData(db: Db, userId: number) {
  const user = await User.query(db).findById(userId);
  if (!user) throw notFound('Member not found');
  const profiles = await Profile.query(db).where({ userId });
  const photos = await Photo.query(db).where({ userId });
  const messages = await Message.query(db).where({ senderId: userId }).orderBy('createdAt');
  const recoveryCodesLeft = await TotpRecoveryCode.query(db).where({ userId }).whereNull('usedAt').resultSize();
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      fullName: user.fullName,
      username: user.username,
      email: user.email,
      subscriptionTier: user.subscriptionTier,
      subscriptionEnds: isoOrNull(user.subscriptionEnds),
      isVerified: user.isVerified,
      twoFactorEnabled: user.totpEnabled,
      twoFactorRecoveryCodesLeft: recoveryCodesLeft,
      // Whether mail to the address bounced, and what the member's mail server answered.
      emailBouncedAt: isoOrNull(user.emailBouncedAt),
      emailBounceReason: user.emailBounceReason ?? null,
      createdAt: isoOrNull(user.createdAt),
    },
    profiles: profiles.map((p) => {
      const { searchText: _s, birthYear: _b, ...rest } = p.toJSON();
      return { ...rest, createdAt: isoOrNull(p.createdAt), updatedAt: isoOrNull(p.updatedAt), deletedAt: isoOrNull(p.deletedAt) };
    }),
    photos: photos.map((p) => ({ id: p.id, purpose: p.purpose, profileId: p.profileId, url: photoUrl(p.fileKey), uploadedAt: isoOrNull(p.createdAt) })),
    profileDraft: await profileDraftOf(db, userId),
    // Searches kept by name, with their alerts (not the ids of the members they found, which are other members').
    savedSearches: (await SavedSearch.query(db).where({ userId }).orderBy('createdAt')).map((s) => ({
      name: s.name,
      filters: s.filters,
      emailAlerts: s.emailAlerts,
      pushAlerts: s.pushAlerts,
      createdAt: isoOrNull(s.createdAt),
      lastAlertAt: isoOrNull(s.lastAlertAt),
    })),
    privacySettings: (await PrivacySettings.query(db).findById(userId)) ?? null,
    notificationSettings: (await NotificationSettings.query(db).findById(userId)) ?? null,
    // The browsers push notifications go to: which push service and browser, and when (not the endpoint's secret
    // path nor the encryption keys, which only the browser needs).
    pushSubscriptions: await listSubscriptions(db, userId),
    // Browsers signed in from (for the new-sign-in email): which browser and when, not the cookie's id.
    // Sign-in attempts of the last 90 days: when, from which browser and address, and whether they got in.
    signIns: (await SignInAttempt.query(db).where({ userId }).orderBy('createdAt')).map((a) => ({ at: isoOrNull(a.createdAt), outcome: a.outcome, userAgent: a.userAgent, ip: a.ip })),
    knownDevices: (await KnownDevice.query(db).where({ userId }).orderBy('firstSeenAt')).map((d) => ({ userAgent: d.userAgent ?? null, firstSeenAt: isoOrNull(d.firstSeenAt), lastSeenAt: isoOrNull(d.lastSeenAt) })),
    messagesSent: messages.map((m) => ({ id: m.id, toUserId: m.receiverId, content: m.content, sentAt: isoOrNull(m.createdAt) })),
    // Notification texts name other members, so only their kind and time are exported.
    notifications: (await Notification.query(db).where({ userId })).map((n) => ({ type: n.type, isRead: n.isRead, createdAt: isoOrNull(n.createdAt) })),
    likesGiven: (await ProfileLike.query(db).where({ userId })).map((l) => ({ profileId: l.likedProfileId, likedAt: isoOrNull(l.createdAt) })),
    notInterested: (await NotInterested.query(db).where({ userId })).map((n) => ({ profileId: n.profileId, markedAt: isoOrNull(n.createdAt) })),
    blocks: (await Block.query(db).where({ blockerId: userId })).map((b) => ({ userId: b.blockedId, blockedAt: isoOrNull(b.createdAt) })),
    // Suspensions and bans of the account: kind and dates. The reviewer's internal note can name who reported the
    // member, so it stays out, as reports about the member do; the member was emailed the reasons they may read.
    suspensions: (await Suspension.query(db).where({ userId }).orderBy('createdAt')).map((s) => ({ kind: s.kind, from: isoOrNull(s.createdAt), until: isoOrNull(s.until), endedAt: isoOrNull(s.endedAt) })),
    reportsFiled: (await Report.query(db).where({ reporterId: userId })).map((r) => ({ reportedUserId: r.reportedUserId, reason: r.reason, details: r.details, status: r.status, createdAt: isoOrNull(r.createdAt) })),
    shareLinks: (await ProfileShare.query(db).where({ userId })).map((s) => ({ createdAt: isoOrNull(s.createdAt), expiresAt: isoOrNull(s.expiresAt), accessCount: s.accessCount, isActive: s.isActive })),
    moods: (await UserMood.query(db).where({ userId })).map((m) => ({ moodTypeId: m.moodTypeId, description: m.description, intensity: m.intensity, note: m.note, isPrivate: m.isPrivate, createdAt: isoOrNull(m.createdAt) })),
    culturalAssessments: (await CulturalAdaptationAssessment.query(db).where({ userId })).map((a) => ({ ...a.toJSON(), createdAt: isoOrNull(a.createdAt) })),
    payments: (await Payment.query(db).where({ userId })).map((p) => ({ provider: p.provider, tier: p.tier, amountCents: p.amountCents, currency: p.currency, status: p.status, createdAt: isoOrNull(p.createdAt) })),
    subscriptions: (await Subscription.query(db).where({ userId })).map((s) => ({
      provider: s.provider, tier: s.tier, status: s.status, currentPeriodStart: isoOrNull(s.currentPeriodStart), currentPeriodEnd: isoOrNull(s.currentPeriodEnd),
      cancelAtPeriodEnd: s.cancelAtPeriodEnd, canceledAt: isoOrNull(s.canceledAt), card: s.cardLast4 ? `${s.cardBrand} ending ${s.cardLast4}` : null, createdAt: isoOrNull(s.createdAt),
    })),
    invoices: (await Invoice.query(db).where({ userId })).map((i) => ({ invoice: i.providerInvoiceId, tier: i.tier, reason: i.reason, amountCents: i.amountCents, currency: i.currency, status: i.status, periodStart: isoOrNull(i.periodStart), periodEnd: isoOrNull(i.periodEnd), paidAt: isoOrNull(i.paidAt) })),
    matches: (await Match.query(db).where({ user1Id: userId }).orWhere({ user2Id: userId })).map((m) => ({
      userId: m.user1Id === userId ? m.user2Id : m.user1Id,
      matchedAt: isoOrNull(m.createdAt),
    })),
    profileViewsMade: (await ProfileView.query(db).where({ viewerUserId: userId })).map((v) => ({ profileId: v.profileId, viewedAt: isoOrNull(v.createdAt) })),
    // The match engine's daily lists have no model of their own (the engine reads and writes them).
    dailySuggestions: (await db('daily_matches').where({ userId }).orderBy('day')).map((d) => ({ day: d.day, kind: d.kind, profileIds: safeJson(d.profileIds) })),
    moodPromptDismissals: (await MoodPromptDismissal.query(db).where({ userId })).map((d) => d.day),
    // The ID images themselves are deleted once a reviewer decides; the outcome stays with the member.
    verificationRequests: (await VerificationRequest.query(db).where({ userId })).map((v) => ({
      documentType: v.documentType,
      status: v.status,
      rejectionReason: v.rejectionReason,
      submittedAt: isoOrNull(v.createdAt),
      decidedAt: isoOrNull(v.decidedAt),
    })),
    identityVerifications: (await IdentityVerification.query(db).where({ userId })).map((v) => ({ method: v.method, documentType: v.documentType, verifiedAt: isoOrNull(v.verifiedAt) })),
    // The testimonial is the couple's joint text and stays with the story; the member gets the record of it.
    successStories: (await SuccessStory.query(db).where({ user1Id: userId }).orWhere({ user2Id: userId })).map((st) => ({
      id: st.id,
      matchDate: st.matchDate,
      marriageDate: st.marriageDate,
      isPublished: st.isPublished,
      publishedAt: isoOrNull(st.publishedAt),
    })),
    // Each answer the member gave to a request to publish their success story.
    storyConsents: (await StoryConsent.query(db).where({ userId })).map((c) => ({ storyId: c.storyId, status: c.status, requestedAt: isoOrNull(c.requestedAt), respondedAt: isoOrNull(c.respondedAt) })),
    // The profiles the member helps with as family, and in what role.
    familyRoles: (await FamilyMember.query(db).where({ userId })).map((f) => ({ profileId: f.profileId, relation: f.relation, status: f.status, addedAt: isoOrNull(f.addedAt), removedAt: isoOrNull(f.removedAt) })),
    // The changes family made to the member's profile, and those the member made to a profile they help with.
    profileActivity: (await ProfileActivity.query(db).whereIn('profileId', Profile.query(db).where({ userId }).select('id')).orWhere({ actorUserId: userId }).orderBy('id')).map((a) => ({
      profileId: a.profileId,
      byUserId: a.actorUserId,
      action: a.action,
      fields: a.fields,
      createdAt: isoOrNull(a.createdAt),
    })),
    // The video calls the member took part in or was rung for: when, with whom (ids), how they ended. Nothing of a
    // call's sound or picture is ever kept.
    calls: await callsOf(db, userId),
    contactMessages: (await ContactMessage.query(db).where({ userId })).map((c) => ({ subject: c.subject, message: c.message, createdAt: isoOrNull(c.createdAt) })),
    devices: (await Session.query(db).where({ userId }).orderBy('createdAt')).map((d) => ({ userAgent: d.userAgent, ip: d.ip, signedInAt: isoOrNull(d.createdAt), lastSeenAt: isoOrNull(d.lastSeenAt) })),
    // Email bodies can hold single-use links, so only what was sent and when.
    emailsSent: (await EmailOutbox.query(db).where({ toEmail: user.email }).orderBy('id')).map((e) => ({ subject: e.subject, kind: e.kind, createdAt: isoOrNull(e.createdAt) })),
  };
}

/** The profile wizard's draft, as the member left it (null without one). */
async function callsOf(db: Db, userId: number) {
  const mine = await CallParticipant.query(db).where({ userId }).orderBy('id');
  const calls = new Map((await Call.query(db).whereIn('id', mine.map((p) => p.callId))).map((c) => [c.id, c]));
  return mine.map((p) => {
    const call = calls.get(p.callId);
    return {
      callId: p.callId,
      callerUserId: call?.callerId ?? null,
      calleeUserId: call?.calleeId ?? null,
      role: p.role,
      yourPart: p.state,
      outcome: call?.status ?? null,
      endReason: call?.endReason ?? null,
      rungAt: isoOrNull(p.invitedAt),
      joinedAt: isoOrNull(p.joinedAt),
      leftAt: isoOrNull(p.leftAt),
    };
  });
}

async function profileDraftOf(db: Db, userId: number) {
  const row = await ProfileDraft.query(db).findById(userId);
  if (!row) return null;
  // A draft saved by an older version may hold text that is not JSON: exported as null.
  return { step: row.step, values: safeJson(row.values), photoIds: safeJson(row.photoIds), updatedAt: isoOrNull(row.updatedAt) };
}
