import type { AppServices } from '../context';
import type { Db } from '../db';
import { conflict, gone, notFound, said } from '../errors';
import { StoryConsent } from '../models/activity';
import { SuccessStory } from '../models/engagement';
import { User } from '../models/user';
import { audit } from './audit';
import { sendMail } from './mail';
import { storyConsentEmail } from './email/account-emails';
import { notify, worded } from './notifications';
import { randomToken, sha256 } from './passwords';

export type ConsentStatus = StoryConsent['status'];
export type ConsentAnswer = 'accept' | 'decline' | 'withdraw';

/** The members a story is about (a member's deletion leaves their side empty). */
export function storyMemberIds(story: Pick<SuccessStory, 'user1Id' | 'user2Id'>): number[] {
  return [story.user1Id, story.user2Id].filter((id): id is number => id !== null);
}

/** A story may be published only when both of its members have accepted. */
export async function bothAccepted(db: Db, storyId: number): Promise<boolean> {
  const story = await SuccessStory.query(db).findById(storyId).select('user1Id', 'user2Id');
  if (!story?.user1Id || !story.user2Id) return false;
  const accepted = await StoryConsent.query(db).where({ storyId, status: 'accepted' }).whereIn('userId', [story.user1Id, story.user2Id]).resultSize();
  return accepted === 2;
}

/** Each story's consent per member, for the console's list. */
export async function consentsOf(db: Db, storyIds: number[]): Promise<Map<number, Map<number, { status: ConsentStatus; requestedAt: number; respondedAt: number | null }>>> {
  const result = new Map<number, Map<number, { status: ConsentStatus; requestedAt: number; respondedAt: number | null }>>();
  if (storyIds.length === 0) return result;
  for (const row of await StoryConsent.query(db).whereIn('storyId', storyIds)) {
    const byUser = result.get(row.storyId) ?? new Map();
    byUser.set(row.userId, { status: row.status, requestedAt: row.requestedAt, respondedAt: row.respondedAt });
    result.set(row.storyId, byUser);
  }
  return result;
}

/** Why the members are asked: the team wants to publish, one of them shared it, or what they agreed to changed. */
export type ConsentRequestReason = 'team' | 'submitted' | 'changed';

export interface ConsentRequestOptions {
  reason?: ConsentRequestReason;
  /**
   * A member of the story who agrees by this very act (they submitted or edited it): their consent is recorded as
   * given to this exact text and these photos, and only the other member is asked.
   */
  agreedUserId?: number;
}

/**
 * Asks the members of a story for their consent, in the app and by email, each with their own link to answer
 * (and, later, to withdraw). Asking again sends new links and resets the answers to pending: consent is to the
 * exact text and photos, so a change must be agreed again. Refused while the story is published.
 */
export async function requestConsent(services: Pick<AppServices, 'db' | 'config' | 'live'>, actor: ConsentActor, storyId: number, options: ConsentRequestOptions = {}) {
  const { db, config } = services;
  const reason = options.reason ?? 'team';
  const story = await SuccessStory.query(db).findById(storyId);
  if (!story) throw notFound('Story not found');
  if (story.isPublished) throw conflict('Unpublish the story before asking again');
  const members = await User.query(db).whereIn('id', storyMemberIds(story)).where({ isDeleted: false }).select('id', 'fullName', 'email', 'language');
  if (members.length !== 2) throw conflict('Both members of the story must still have accounts');
  const now = Date.now();
  const links = new Map<number, string>();
  await db.transaction(async (trx) => {
    await StoryConsent.query(trx).where({ storyId }).delete();
    for (const member of members) {
      const token = randomToken(32);
      links.set(member.id, token);
      const agreed = member.id === options.agreedUserId;
      await StoryConsent.query(trx).insert({ storyId, userId: member.id, status: agreed ? 'accepted' : 'pending', tokenHash: sha256(token), requestedAt: now, respondedAt: agreed ? now : null });
    }
    await audit(trx, { ...actor, action: 'story.consent_request', targetType: 'success_story', targetId: storyId, details: { reason, ...(options.agreedUserId ? { agreedBy: options.agreedUserId } : {}) } });
  });
  const origin = config.publicUrl ?? `http://localhost:${config.port}`;
  for (const member of members) {
    if (member.id === options.agreedUserId) continue;
    const partnerName = members.find((m) => m.id !== member.id)?.fullName ?? 'your partner';
    const link = `${origin}/story-consent/${links.get(member.id)}`;
    await notify(services, {
      userId: member.id,
      type: 'other',
      ...worded({ id: CONSENT_NOTICES[reason].title }, { id: CONSENT_NOTICES[reason].text, values: { partner: partnerName, link } }),
      sourceType: 'story_consent',
      sourceId: storyId,
    });
    const mail = await storyConsentEmail({ name: member.fullName, partnerName, url: link, reason, language: member.language });
    await sendMail(config, db, { to: member.email, kind: 'notification', subject: mail.subject, text: mail.text, html: mail.html });
  }
}

export type ConsentActor = { actorUserId: number | null; actorRole: string | null; ip?: string | null; requestId?: string | null };

const CONSENT_NOTICES = {
  team: { title: 'server.notification.story.titleTeam', text: 'server.notification.story.textTeam' },
  submitted: { title: 'server.notification.story.titleSubmitted', text: 'server.notification.story.textSubmitted' },
  changed: { title: 'server.notification.story.titleChanged', text: 'server.notification.story.textChanged' },
} as const satisfies Record<ConsentRequestReason, { title: string; text: string }>;

/**
 * The members' text or photos changed: the story leaves the public pages (if it was there) and is agreed anew.
 * `agreedUserId` is the member who made the change (their change is their consent); a change by the team asks
 * both, unless nobody had been asked yet.
 */
export async function askAgainAfterChange(services: Pick<AppServices, 'db' | 'config' | 'live'>, actor: ConsentActor, storyId: number, agreedUserId?: number) {
  const { db } = services;
  const asked = await StoryConsent.query(db).where({ storyId }).resultSize();
  if (!asked && agreedUserId === undefined) return;
  await SuccessStory.query(db).findById(storyId).patch({ isPublished: false, publishedAt: null });
  await requestConsent(services, actor, storyId, { reason: 'changed', agreedUserId });
}

/** The consent behind an answer link, with its story; 404 for an unknown link. */
export async function consentByToken(db: Db, token: string) {
  const consent = await StoryConsent.query(db).where({ tokenHash: sha256(token) }).first();
  if (!consent) throw notFound('This link is not valid');
  const story = await SuccessStory.query(db).findById(consent.storyId);
  if (!story) throw gone('This story was deleted');
  return { consent, story };
}

/**
 * Records a member's answer. Declining or withdrawing unpublishes the story at once (its photos stop being public
 * with it); the audit log keeps the answer.
 */
export async function answerConsent(db: Db, token: string, answer: ConsentAnswer): Promise<ConsentStatus> {
  const { consent } = await consentByToken(db, token);
  return answerAs(db, consent, answer);
}

/** The same answer from inside the app, by a member of the story; a story that is not theirs is not found. */
export async function answerConsentInApp(db: Db, storyId: number, userId: number, answer: ConsentAnswer): Promise<ConsentStatus> {
  const consent = await StoryConsent.query(db).findOne({ storyId, userId });
  if (!consent) throw notFound('Story not found');
  return answerAs(db, consent, answer);
}

async function answerAs(db: Db, consent: StoryConsent, answer: ConsentAnswer): Promise<ConsentStatus> {
  const next: ConsentStatus = answer === 'accept' ? 'accepted' : answer === 'decline' ? 'declined' : 'withdrawn';
  if (answer === 'withdraw' && consent.status !== 'accepted') throw conflict('You have not agreed to this story, so there is nothing to withdraw');
  if (answer !== 'withdraw' && consent.status !== 'pending') throw conflict(said('server.error.storyConsent.answered', { status: consent.status }));
  await db.transaction(async (trx) => {
    await StoryConsent.query(trx).findById(consent.id).patch({ status: next, respondedAt: Date.now() });
    if (next !== 'accepted') await SuccessStory.query(trx).findById(consent.storyId).patch({ isPublished: false, publishedAt: null, updatedAt: Date.now() });
    await audit(trx, { actorUserId: consent.userId, actorRole: 'member', action: `story.consent_${next}`, targetType: 'success_story', targetId: consent.storyId, subjectUserId: consent.userId });
  });
  return next;
}
