import type { Knex } from 'knex';
import type { AppServices } from '../context';
import type { Db } from '../db';
import { badRequest, notFound } from '../errors';
import { Photo } from '../models/photo';
import { Profile } from '../models/profile';
import { ProfileShare } from '../models/social';
import { User } from '../models/user';
import { type ViewerContext, profileAccess } from '../policies/profile-visibility';
import { presentPhotos, presentProfile } from '../presenters/profile';
import { notify, worded } from './notifications';
import type { MediaStore } from './media-store';
import { deleteImageFiles } from './photos';

export async function loadProfile(db: Db | Knex.Transaction, id: number): Promise<Profile | undefined> {
  return Profile.query(db).findById(id).withGraphFetched('[user, photos]');
}

export async function liveProfileOfUser(db: Db | Knex.Transaction, userId: number): Promise<Profile | undefined> {
  return Profile.query(db).where({ userId, isDeleted: false }).first().withGraphFetched('[user, photos]');
}

/**
 * loadProfile and liveProfileOfUser without the owner and the photos (two statements fewer), for answers made of
 * the profile's own fields: the Kundali card reads birth details only.
 */
export const profileFields = {
  byId: async (db: Db, id: number): Promise<Profile | undefined> => Profile.query(db).findById(id),
  liveOfUser: async (db: Db, userId: number): Promise<Profile | undefined> => Profile.query(db).where({ userId, isDeleted: false }).first(),
};

/** Loads a profile the viewer may see, or answers 404 as if it did not exist. */
export async function visibleProfile(db: Db, viewer: User | null, profile: Profile | undefined): Promise<{ profile: Profile; access: ViewerContext }> {
  if (!profile) throw notFound('Profile not found');
  const access = await profileAccess(db, viewer, profile);
  if (!access) throw notFound('Profile not found');
  return { profile, access };
}

/**
 * The address of the photo the profile screen shows first (its largest paint) for the member `viewerId`, exactly as
 * GET /api/profiles/:id names it (clear or blurred by the same policy), or null when that member may not see the
 * profile, it has no photo, or the viewer is not an active member: the page's HTML must name nothing the API would not.
 */
export async function mainPhotoFor(db: Db, viewerId: number, profileId: number): Promise<string | null> {
  const viewer = await User.query(db).findById(viewerId);
  if (!viewer || viewer.isDeleted || viewer.status !== 'active') return null;
  const profile = await loadProfile(db, profileId);
  const access = profile ? await profileAccess(db, viewer, profile) : null;
  if (!profile || !access) return null;
  return presentPhotos(profile.photos, { clearPhotos: access.clearPhotos })[0]?.url ?? null;
}

export function presentFor(profile: Profile, access: ViewerContext, matchPercentage: number | null = null) {
  const user = profile.user;
  if (!user) throw new Error('profile.user not loaded');
  return presentProfile(profile, user, {
    clearPhotos: access.clearPhotos,
    isOwner: access.isOwner,
    showPhone: access.privacy?.showPhoneNumber ?? false,
    matchPercentage,
  });
}

/**
 * Sets the ordered photo list of a profile from ids the member uploaded. Photos dropped from the list are
 * deleted with their files (the member removed them).
 */
export async function setProfilePhotos(trx: Knex.Transaction, userId: number, profileId: number, photoIds: number[]): Promise<string[]> {
  const unique = [...new Set(photoIds)];
  const photos = unique.length ? await Photo.query(trx).whereIn('id', unique) : [];
  for (const id of unique) {
    const photo = photos.find((p) => p.id === id);
    if (!photo || photo.userId !== userId || photo.purpose !== 'profile' || (photo.profileId !== null && photo.profileId !== profileId)) {
      throw badRequest('One of the photos could not be found. Please upload it again.', { field: 'photoIds' });
    }
  }
  const dropped = await Photo.query(trx).where({ profileId, purpose: 'profile' }).whereNotIn('id', unique.length ? unique : [0]);
  for (const [position, id] of unique.entries()) await Photo.query(trx).findById(id).patch({ profileId, position });
  const removedKeys = dropped.map((p) => p.fileKey);
  if (dropped.length) await Photo.query(trx).whereIn('id', dropped.map((p) => p.id)).delete();
  return removedKeys;
}

export async function deleteFiles(media: MediaStore, keys: string[]): Promise<void> {
  for (const key of keys) await deleteImageFiles(media, key);
}

/**
 * Records that `viewer` opened `profile` and notifies the owner, at most once per viewer, profile and day,
 * when the owner's profileViews setting is on. `viewerProfileId`: the viewer's own live profile's id when the caller
 * has read it already (null: they have none; undefined: read here).
 */
export async function recordProfileView(services: Pick<AppServices, 'db' | 'live'>, viewer: User, profile: Profile, viewerProfileId?: number | null): Promise<boolean> {
  if (viewer.id === profile.userId || viewer.role !== 'member') return false;
  const viewDate = new Date().toISOString().slice(0, 10);
  const db = services.db;
  // One statement: a view already recorded today inserts nothing and returns no row.
  const inserted = await db('profile_views')
    .insert({ viewerUserId: viewer.id, profileId: profile.id, viewDate, createdAt: Date.now() })
    .onConflict(['viewerUserId', 'profileId', 'viewDate'])
    .ignore()
    .returning('id');
  if (inserted.length === 0) return false;
  const viewerProfile = viewerProfileId === undefined ? await Profile.query(db).findOne({ userId: viewer.id, isDeleted: false }).select('id') : viewerProfileId === null ? undefined : { id: viewerProfileId };
  await notify(services, {
    userId: profile.userId,
    type: 'profile_view',
    ...worded({ id: 'server.notification.viewTitle' }, { id: 'server.notification.viewText', values: { name: viewer.fullName } }),
    relatedItemId: viewerProfile?.id ?? null,
    sourceId: viewer.id,
    sourceType: 'user',
    actorUserId: viewer.id,
  });
  return true;
}

/** A member deletes their profile: it is hidden at once (soft delete) and its share links stop working. */
export async function deleteOwnProfile(db: Db, profileId: number): Promise<void> {
  const now = Date.now();
  await db.transaction(async (trx) => {
    await Profile.query(trx).findById(profileId).patch({ isDeleted: true, deletedAt: now, updatedAt: now });
    await ProfileShare.query(trx).where({ profileId, isActive: true }).patch({ isActive: false, deactivatedAt: now });
  });
}

export function presentOwn(profile: Profile) {
  return presentFor(profile, { viewer: null, isOwner: true, isStaff: false, matched: false, clearPhotos: true, privacy: null });
}
