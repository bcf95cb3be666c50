import type { Db } from '../db';
import type { Photo } from '../models/photo';
import type { User } from '../models/user';

export type MediaDecision = 'clear' | 'blur-only' | 'deny';

export async function areMatched(db: Db, a: number, b: number): Promise<boolean> {
  const [user1Id, user2Id] = a < b ? [a, b] : [b, a];
  return Boolean(await db('matches').where({ user1Id, user2Id }).first('id'));
}

export async function isBlockedEitherWay(db: Db, a: number, b: number): Promise<boolean> {
  return Boolean(
    await db('blocks')
      .where((q) => q.where({ blockerId: a, blockedId: b }).orWhere({ blockerId: b, blockedId: a }))
      .first('id'),
  );
}

async function isPublishedStoryPhoto(db: Db, fileKey: string): Promise<boolean> {
  // File keys are 32 hex characters: nothing in them is a LIKE wildcard.
  if (!/^[a-f0-9]{32}$/.test(fileKey)) return false;
  return Boolean(await db('success_stories').where('isPublished', true).where('photoKeys', 'like', `%"${fileKey}"%`).first('id'));
}

/**
 * Who may read an uploaded file. Owners and staff see their files; verification images are staff-only;
 * profile photos follow the owner's privacy settings (hidden profiles, blocks, and blurPhotos: a member who is
 * not a match only ever receives the blurred rendition).
 */
export async function decidePhotoAccess(db: Db, viewer: User | null, photo: Photo): Promise<MediaDecision> {
  const isStaff = viewer?.role === 'reviewer' || viewer?.role === 'admin';
  // A story photo is public only while its story is published (both members agreed); staff always see it.
  if (photo.purpose === 'story') return isStaff || (await isPublishedStoryPhoto(db, photo.fileKey)) ? 'clear' : 'deny';
  if (photo.purpose === 'verification_selfie' || photo.purpose === 'verification_document') {
    return isStaff ? 'clear' : 'deny';
  }
  if (viewer && photo.userId === viewer.id) return 'clear';
  if (isStaff) return 'clear';
  if (!viewer || photo.userId === null || photo.profileId === null) return 'deny';
  const owner = await db('users').where({ id: photo.userId }).first('isDeleted', 'status');
  if (!owner || Number(owner.isDeleted) || owner.status !== 'active') return 'deny';
  const profile = await db('profiles').where({ id: photo.profileId }).first('isDeleted');
  if (!profile || Number(profile.isDeleted)) return 'deny';
  if (await isBlockedEitherWay(db, viewer.id, photo.userId)) return 'deny';
  const privacy = await db('privacy_settings').where({ userId: photo.userId }).first('profileVisibility', 'blurPhotos');
  const matched = await areMatched(db, viewer.id, photo.userId);
  if (privacy?.profileVisibility === 'none') return 'deny';
  if (privacy?.profileVisibility === 'matches' && !matched) return 'deny';
  if (privacy && Number(privacy.blurPhotos) && !matched) return 'blur-only';
  return 'clear';
}
