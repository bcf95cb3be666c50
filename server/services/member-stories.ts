import type { MemberStoryView } from '../../contracts/stories';
import { STORY_MAX_PHOTOS } from '../../contracts/stories';
import type { AppContext } from '../context';
import type { Db } from '../db';
import { badRequest, conflict, forbidden, notFound, said } from '../errors';
import { StoryConsent } from '../models/activity';
import { SuccessStory } from '../models/engagement';
import { Photo } from '../models/photo';
import type { User } from '../models/user';
import { relationshipBetween } from '../policies/relationship';
import { isoOrNull } from '../presenters/user';
import { auditFrom } from './audit';
import { type StoredImage, deleteImageFiles, photoUrl, storeImage } from './photos';
import { type ConsentActor, askAgainAfterChange, requestConsent, storyMemberIds } from './story-consent';

/** A photo as it arrived: its bytes and what the browser said it was (the content decides, see storeImage). */
export interface IncomingPhoto {
  bytes: Buffer;
  mimetype?: string | null;
  filename?: string | null;
}

export interface StoryText {
  matchDate: string;
  marriageDate?: string | null;
  location?: string | null;
  testimonial: string;
}

function actorOf(ctx: AppContext): ConsentActor {
  return { actorUserId: ctx.state.user?.id ?? null, actorRole: ctx.state.user?.role ?? null, ip: ctx.ip, requestId: ctx.state.requestId ?? null };
}

/**
 * The member a story is to be told with, through the relationship policy: someone the member does not know is not
 * found (as everywhere), someone they know but never matched with is refused — a success story is about a match.
 */
async function matchedPartner(db: Db, user: User, partnerUserId: number): Promise<void> {
  if (partnerUserId === user.id) throw badRequest('Choose the member you matched with, not yourself', { field: 'partnerUserId' });
  const relationship = await relationshipBetween(db, user, partnerUserId);
  if (!relationship.knows) throw notFound('Member not found');
  if (!relationship.pair.matched) throw forbidden('You can share a story only with a member you matched with on Saathi', { field: 'partnerUserId' });
}

/** Runs the photos through the photo pipeline (content, size and pixels checked, re-encoded, metadata gone). */
async function storePhotos(ctx: AppContext, photos: IncomingPhoto[]): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  try {
    for (const photo of photos) stored.push(await storeImage(ctx.services.media, photo.bytes, { mimetype: photo.mimetype, filename: photo.filename }));
  } catch (error) {
    for (const image of stored) await deleteImageFiles(ctx.services.media, image.fileKey);
    throw error;
  }
  return stored;
}

/** A story of this member: one of its two people; anyone else gets a 404, as for a story that does not exist. */
export async function ownStory(db: Db, userId: number, storyId: number): Promise<SuccessStory> {
  const story = await SuccessStory.query(db).findById(storyId);
  if (!story || !storyMemberIds(story).includes(userId)) throw notFound('Story not found');
  return story;
}

/**
 * A member tells the story of them and a member they matched with. Submitting is their consent to this exact text
 * and these photos; the partner is asked in the app and by email. The story then waits for the team, who publish
 * it only once both have agreed.
 */
export async function submitStory(ctx: AppContext, user: User, input: StoryText & { partnerUserId: number }, photos: IncomingPhoto[]): Promise<number> {
  const { db } = ctx.services;
  if (photos.length > STORY_MAX_PHOTOS) throw badRequest(said('server.error.story.tooManyPhotos', { count: STORY_MAX_PHOTOS }), { field: 'photos' });
  await matchedPartner(db, user, input.partnerUserId);
  const pair = [user.id, input.partnerUserId];
  const existing = await SuccessStory.query(db).whereIn('user1Id', pair).whereIn('user2Id', pair).select('id').first();
  if (existing) throw conflict('There is already a story of you two: open it to change it', { storyId: existing.id });
  const images = await storePhotos(ctx, photos);
  const now = Date.now();
  const storyId = await db.transaction(async (trx) => {
    const story = await SuccessStory.query(trx).insert({
      user1Id: user.id, user2Id: input.partnerUserId, matchDate: input.matchDate, marriageDate: input.marriageDate ?? null, location: input.location ?? null,
      testimonial: input.testimonial, photoKeys: images.map((i) => i.fileKey), isPublished: false, sortOrder: 0, createdBy: user.id, createdAt: now, updatedAt: now,
    });
    for (const [position, image] of images.entries()) await Photo.query(trx).insert({ userId: null, profileId: null, purpose: 'story', position, ...image, createdAt: now });
    await auditFrom(ctx, 'story.submit', 'success_story', story.id, { photos: images.length }, { db: trx, subjectUserId: user.id });
    return story.id;
  });
  await requestConsent(ctx.services, actorOf(ctx), storyId, { reason: 'submitted', agreedUserId: user.id });
  return storyId;
}

/** A member changes the text: their change is their consent, the other is asked again, and the story waits anew. */
export async function editStory(ctx: AppContext, user: User, storyId: number, changes: Partial<StoryText>): Promise<void> {
  const { db } = ctx.services;
  await ownStory(db, user.id, storyId);
  await db.transaction(async (trx) => {
    await SuccessStory.query(trx).findById(storyId).patch({ ...changes, updatedAt: Date.now() });
    await auditFrom(ctx, 'story.member_edit', 'success_story', storyId, { fields: Object.keys(changes) }, { db: trx, subjectUserId: user.id });
  });
  await askAgainAfterChange(ctx.services, actorOf(ctx), storyId, user.id);
}

export async function addStoryPhoto(ctx: AppContext, user: User, storyId: number, photo: IncomingPhoto): Promise<void> {
  const { db } = ctx.services;
  const story = await ownStory(db, user.id, storyId);
  const keys = story.photoKeys ?? [];
  if (keys.length >= STORY_MAX_PHOTOS) throw conflict(said('server.error.story.photosFull', { count: STORY_MAX_PHOTOS }));
  const [image] = await storePhotos(ctx, [photo]);
  if (!image) throw badRequest('Choose a photo to upload (field "photo")');
  await db.transaction(async (trx) => {
    await Photo.query(trx).insert({ userId: null, profileId: null, purpose: 'story', position: keys.length, ...image, createdAt: Date.now() });
    await SuccessStory.query(trx).findById(storyId).patch({ photoKeys: [...keys, image.fileKey], updatedAt: Date.now() });
    await auditFrom(ctx, 'story.member_photo', 'success_story', storyId, undefined, { db: trx, subjectUserId: user.id });
  });
  await askAgainAfterChange(ctx.services, actorOf(ctx), storyId, user.id);
}

export async function removeStoryPhoto(ctx: AppContext, user: User, storyId: number, fileKey: string): Promise<void> {
  const { db } = ctx.services;
  const story = await ownStory(db, user.id, storyId);
  const keys = story.photoKeys ?? [];
  if (!keys.includes(fileKey)) throw notFound('That photo is not part of this story');
  await db.transaction(async (trx) => {
    await SuccessStory.query(trx).findById(storyId).patch({ photoKeys: keys.filter((k) => k !== fileKey), updatedAt: Date.now() });
    await Photo.query(trx).where({ fileKey, purpose: 'story' }).delete();
    await auditFrom(ctx, 'story.member_photo_remove', 'success_story', storyId, undefined, { db: trx, subjectUserId: user.id });
  });
  await deleteImageFiles(ctx.services.media, fileKey);
  await askAgainAfterChange(ctx.services, actorOf(ctx), storyId, user.id);
}

/** The stories a member is part of, newest first, with both answers. */
export async function storiesOf(db: Db, userId: number): Promise<MemberStoryView[]> {
  const stories = await SuccessStory.query(db).where('user1Id', userId).orWhere('user2Id', userId).orderBy('id', 'desc').withGraphFetched('[user1, user2]');
  if (stories.length === 0) return [];
  const consents = await StoryConsent.query(db).whereIn('storyId', stories.map((s) => s.id)).select('storyId', 'userId', 'status');
  return stories.map((s) => {
    const partner = s.user1Id === userId ? s.user2 : s.user1;
    const partnerId = s.user1Id === userId ? s.user2Id : s.user1Id;
    const answer = (id: number | null) => consents.find((c) => c.storyId === s.id && c.userId === id)?.status ?? null;
    return {
      id: s.id,
      partner: { userId: partnerId, fullName: partner && !partner.isDeleted ? partner.fullName : null },
      submittedByYou: s.createdBy === userId,
      matchDate: s.matchDate,
      marriageDate: s.marriageDate,
      location: s.location,
      testimonial: s.testimonial,
      photos: (s.photoKeys ?? []).map((fileKey) => ({ fileKey, url: photoUrl(fileKey) })),
      yourConsent: answer(userId),
      partnerConsent: answer(partnerId),
      isPublished: s.isPublished,
      updatedAt: isoOrNull(s.updatedAt),
    };
  });
}
