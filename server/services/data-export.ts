import { listSubscriptions } from './push/subscriptions';
import { isoOrNull } from '../presenters/user';
import type { Db } from '../db';
import { photoUrl } from './photos';


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
  const user = await db('users').where({ id: userId }).first();
  const profiles = await db('profiles').where({ userId });
  const photos = await db('photos').where({ userId });
  const messages = await db('messages').where({ senderId: userId }).orderBy('createdAt');
  const recoveryCodesLeft = await db('totp_recovery_codes').where({ userId }).whereNull('usedAt').count({ n: '*' }).first();
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      fullName: user.fullName,
      username: user.username,
      email: user.email,
      subscriptionTier: user.subscriptionTier,
      subscriptionEnds: isoOrNull(user.subscriptionEnds),
      isVerified: Boolean(Number(user.isVerified)),
      twoFactorEnabled: Boolean(Number(user.totpEnabled)),
      twoFactorRecoveryCodesLeft: Number(recoveryCodesLeft?.n ?? 0),
      // Whether mail to the address bounced, and what the member's mail server answered.
      emailBouncedAt: isoOrNull(user.emailBouncedAt),
      emailBounceReason: user.emailBounceReason ?? null,
      createdAt: isoOrNull(user.createdAt),
    },
    profiles: profiles.map((p) => {
      const { searchText: _s, birthYear: _b, ...rest } = p;
      return { ...rest, createdAt: isoOrNull(p.createdAt), updatedAt: isoOrNull(p.updatedAt), deletedAt: isoOrNull(p.deletedAt) };
    }),
    photos: photos.map((p) => ({ id: p.id, purpose: p.purpose, profileId: p.profileId, url: photoUrl(p.fileKey), uploadedAt: isoOrNull(p.createdAt) })),
    profileDraft: await profileDraftOf(db, userId),
    privacySettings: await db('privacy_settings').where({ userId }).first(),
    notificationSettings: await db('notification_settings').where({ userId }).first(),
    // The browsers push notifications go to: which push service and browser, and when (not the endpoint's secret
    // path nor the encryption keys, which only the browser needs).
    pushSubscriptions: await listSubscriptions(db, userId),
    // Browsers signed in from (for the new-sign-in email): which browser and when, not the cookie's id.
    knownDevices: (await db('known_devices').where({ userId }).orderBy('firstSeenAt')).map((d) => ({ userAgent: d.userAgent ?? null, firstSeenAt: isoOrNull(d.firstSeenAt), lastSeenAt: isoOrNull(d.lastSeenAt) })),
    messagesSent: messages.map((m) => ({ id: m.id, toUserId: m.receiverId, content: m.content, sentAt: isoOrNull(m.createdAt) })),
    // Notification texts name other members, so only their kind and time are exported.
    notifications: (await db('notifications').where({ userId })).map((n) => ({ type: n.type, isRead: Boolean(Number(n.isRead)), createdAt: isoOrNull(n.createdAt) })),
    likesGiven: (await db('profile_likes').where({ userId })).map((l) => ({ profileId: l.likedProfileId, likedAt: isoOrNull(l.createdAt) })),
    notInterested: (await db('not_interested').where({ userId })).map((n) => ({ profileId: n.profileId, markedAt: isoOrNull(n.createdAt) })),
    blocks: (await db('blocks').where({ blockerId: userId })).map((b) => ({ userId: b.blockedId, blockedAt: isoOrNull(b.createdAt) })),
    reportsFiled: (await db('reports').where({ reporterId: userId })).map((r) => ({ reportedUserId: r.reportedUserId, reason: r.reason, details: r.details, status: r.status, createdAt: isoOrNull(r.createdAt) })),
    shareLinks: (await db('profile_shares').where({ userId })).map((s) => ({ createdAt: isoOrNull(s.createdAt), expiresAt: isoOrNull(s.expiresAt), accessCount: s.accessCount, isActive: Boolean(Number(s.isActive)) })),
    moods: (await db('user_moods').where({ userId })).map((m) => ({ moodTypeId: m.moodTypeId, description: m.description, intensity: m.intensity, note: m.note, isPrivate: Boolean(Number(m.isPrivate)), createdAt: isoOrNull(m.createdAt) })),
    culturalAssessments: (await db('cultural_adaptation_assessments').where({ userId })).map((a) => ({ ...a, createdAt: isoOrNull(a.createdAt) })),
    payments: (await db('payments').where({ userId })).map((p) => ({ provider: p.provider, tier: p.tier, amountCents: p.amountCents, currency: p.currency, status: p.status, createdAt: isoOrNull(p.createdAt) })),
    subscriptions: (await db('subscriptions').where({ userId })).map((s) => ({
      provider: s.provider, tier: s.tier, status: s.status, currentPeriodStart: isoOrNull(s.currentPeriodStart), currentPeriodEnd: isoOrNull(s.currentPeriodEnd),
      cancelAtPeriodEnd: Boolean(Number(s.cancelAtPeriodEnd)), canceledAt: isoOrNull(s.canceledAt), card: s.cardLast4 ? `${s.cardBrand} ending ${s.cardLast4}` : null, createdAt: isoOrNull(s.createdAt),
    })),
    invoices: (await db('invoices').where({ userId })).map((i) => ({ invoice: i.providerInvoiceId, tier: i.tier, reason: i.reason, amountCents: i.amountCents, currency: i.currency, status: i.status, periodStart: isoOrNull(i.periodStart), periodEnd: isoOrNull(i.periodEnd), paidAt: isoOrNull(i.paidAt) })),
    matches: (await db('matches').where({ user1Id: userId }).orWhere({ user2Id: userId })).map((m) => ({
      userId: m.user1Id === userId ? m.user2Id : m.user1Id,
      matchedAt: isoOrNull(m.createdAt),
    })),
    profileViewsMade: (await db('profile_views').where({ viewerUserId: userId })).map((v) => ({ profileId: v.profileId, viewedAt: isoOrNull(v.createdAt) })),
    dailySuggestions: (await db('daily_matches').where({ userId }).orderBy('day')).map((d) => ({ day: d.day, kind: d.kind, profileIds: safeJson(d.profileIds) })),
    moodPromptDismissals: (await db('mood_prompt_dismissals').where({ userId })).map((d) => d.day as string),
    // The ID images themselves are deleted once a reviewer decides; the outcome stays with the member.
    verificationRequests: (await db('verification_requests').where({ userId })).map((v) => ({
      documentType: v.documentType,
      status: v.status,
      rejectionReason: v.rejectionReason,
      submittedAt: isoOrNull(v.createdAt),
      decidedAt: isoOrNull(v.decidedAt),
    })),
    identityVerifications: (await db('identity_verifications').where({ userId })).map((v) => ({ method: v.method, documentType: v.documentType, verifiedAt: isoOrNull(v.verifiedAt) })),
    // The testimonial is the couple's joint text and stays with the story; the member gets the record of it.
    successStories: (await db('success_stories').where({ user1Id: userId }).orWhere({ user2Id: userId })).map((st) => ({
      id: st.id,
      matchDate: st.matchDate,
      marriageDate: st.marriageDate,
      isPublished: Boolean(Number(st.isPublished)),
      publishedAt: isoOrNull(st.publishedAt),
    })),
    // Each answer the member gave to a request to publish their success story.
    storyConsents: (await db('story_consents').where({ userId })).map((c) => ({ storyId: c.storyId, status: c.status, requestedAt: isoOrNull(c.requestedAt), respondedAt: isoOrNull(c.respondedAt) })),
    // The profiles the member helps with as family, and in what role.
    familyRoles: (await db('family_members').where({ userId })).map((f) => ({ profileId: f.profileId, relation: f.relation, status: f.status, addedAt: isoOrNull(f.addedAt), removedAt: isoOrNull(f.removedAt) })),
    contactMessages: (await db('contact_messages').where({ userId })).map((c) => ({ subject: c.subject, message: c.message, createdAt: isoOrNull(c.createdAt) })),
    devices: (await db('sessions').where({ userId }).orderBy('createdAt')).map((d) => ({ userAgent: d.userAgent, ip: d.ip, signedInAt: isoOrNull(d.createdAt), lastSeenAt: isoOrNull(d.lastSeenAt) })),
    // Email bodies can hold single-use links, so only what was sent and when.
    emailsSent: (await db('email_outbox').where({ toEmail: user.email }).orderBy('id')).map((e) => ({ subject: e.subject, kind: e.kind, createdAt: isoOrNull(e.createdAt) })),
  };
}

/** The profile wizard's draft, as the member left it (null without one). */
async function profileDraftOf(db: Db, userId: number) {
  const row = await db('profile_drafts').where({ userId }).first();
  if (!row) return null;
  return { step: Number(row.step), values: safeJson(row.values), photoIds: safeJson(row.photoIds), updatedAt: isoOrNull(row.updatedAt) };
}
