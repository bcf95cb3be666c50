import type { Db } from '../db';
import { SuccessStory } from '../models/engagement';
import type { Photo } from '../models/photo';
import { Profile } from '../models/profile';
import type { User } from '../models/user';
import { relationshipBetween } from './relationship';

export type MediaDecision = 'clear' | 'blur-only' | 'deny';

async function isPublishedStoryPhoto(db: Db, fileKey: string): Promise<boolean> {
  // File keys are 32 hex characters: nothing in them is a LIKE wildcard.
  if (!/^[a-f0-9]{32}$/.test(fileKey)) return false;
  return Boolean(await SuccessStory.query(db).where('isPublished', true).where('photoKeys', 'like', `%"${fileKey}"%`).select('id').first());
}

async function isOwnStoryPhoto(db: Db, userId: number, fileKey: string): Promise<boolean> {
  if (!/^[a-f0-9]{32}$/.test(fileKey)) return false;
  const mine = SuccessStory.query(db).where((q) => q.where('user1Id', userId).orWhere('user2Id', userId));
  return Boolean(await mine.where('photoKeys', 'like', `%"${fileKey}"%`).select('id').first());
}

/**
 * Who may read an uploaded file. Owners and staff see their files; verification images are staff-only;
 * profile photos follow the relationship policy (hidden profiles, blocks, and blurred photos: a member who may
 * not see the clear photo only ever receives the blurred rendition).
 */
export async function decidePhotoAccess(db: Db, viewer: User | null, photo: Photo): Promise<MediaDecision> {
  const isStaff = viewer?.role === 'reviewer' || viewer?.role === 'admin';
  // A story photo is public only while its story is published (both members agreed); staff and the story's two
  // members always see it.
  if (photo.purpose === 'story') return isStaff || (await isPublishedStoryPhoto(db, photo.fileKey)) || (viewer && (await isOwnStoryPhoto(db, viewer.id, photo.fileKey))) ? 'clear' : 'deny';
  if (photo.purpose === 'verification_selfie' || photo.purpose === 'verification_document') {
    return isStaff ? 'clear' : 'deny';
  }
  if (viewer && photo.userId === viewer.id) return 'clear';
  if (isStaff) return 'clear';
  if (!viewer || photo.userId === null || photo.profileId === null) return 'deny';
  const profile = await Profile.query(db).findById(photo.profileId).select('isDeleted');
  if (!profile || profile.isDeleted) return 'deny';
  const relationship = await relationshipBetween(db, viewer, photo.userId);
  if (!relationship.mayViewProfile) return 'deny';
  return relationship.clearPhotos ? 'clear' : 'blur-only';
}
