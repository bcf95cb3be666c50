import type { Knex } from 'knex';
import type { DraftValues, ProfileDraftInput } from '../../contracts/profile-draft';
import { PROFILE_FOR, type ProfileFor } from '../../contracts/profile-for';
import type { UploadedPhotoView } from '../../contracts/views';
import type { Db } from '../db';
import { badRequest } from '../errors';
import { ProfileDraft } from '../models/activity';
import { Photo } from '../models/photo';
import { Profile } from '../models/profile';
import type { MediaStore } from './media-store';
import { deleteImageFiles, photoUrl } from './photos';

/**
 * A member with a profile uploads a photo and attaches it with the next request; a pending photo older than this
 * was never attached (the tab closed in between) and is removed.
 */
const IN_FLIGHT_MS = 10 * 60_000;

type Conn = Db | Knex.Transaction;

export interface ProfileDraftView {
  step: number;
  values: DraftValues;
  photos: UploadedPhotoView[];
  updatedAt: string | null;
}

function presentUpload(photo: Photo): UploadedPhotoView {
  return { id: photo.id, url: photoUrl(photo.fileKey), thumbnailUrl: photoUrl(photo.fileKey, 'thumb'), width: photo.width, height: photo.height };
}

async function liveProfileId(db: Conn, userId: number): Promise<number | null> {
  const row = await Profile.query(db).findOne({ userId, isDeleted: false }).select('id');
  return row ? row.id : null;
}

/** Profile photos the member uploaded that no profile holds yet, oldest first. */
function pendingPhotos(db: Conn, userId: number) {
  return Photo.query(db).where({ userId, purpose: 'profile' }).whereNull('profileId').orderBy('id');
}

/**
 * Photos that count against the limit of three: those of the member's profile, or, before there is one, the
 * draft's photos (every pending upload, which the wizard shows and lets the member remove).
 */
export async function countActivePhotos(db: Conn, userId: number): Promise<number> {
  const profileId = await liveProfileId(db, userId);
  const query = Photo.query(db).where({ userId, purpose: 'profile' });
  if (profileId === null) query.whereNull('profileId');
  else query.where((q) => q.where('profileId', profileId).orWhere((p) => p.whereNull('profileId').where('createdAt', '>', Date.now() - IN_FLIGHT_MS)));
  return query.resultSize();
}

/** Uploads a member with a profile never attached: no row, no files. A draft's photos are never touched here. */
export async function removeAbandonedUploads(db: Db, media: MediaStore, userId: number): Promise<void> {
  if ((await liveProfileId(db, userId)) === null) return;
  const stale = await pendingPhotos(db, userId).where('createdAt', '<=', Date.now() - IN_FLIGHT_MS);
  for (const photo of stale) {
    await Photo.query(db).deleteById(photo.id);
    await deleteImageFiles(media, photo.fileKey).catch(() => {});
  }
}

/** The member's draft with its photos in the order they chose (photos uploaded since come last). */
export async function loadDraft(db: Db, userId: number): Promise<ProfileDraftView> {
  const row = await ProfileDraft.query(db).findById(userId);
  const photos = await pendingPhotos(db, userId);
  // The model parses the JSON columns; a value that was not valid JSON stays text and counts as empty.
  const order: number[] = Array.isArray(row?.photoIds) ? row.photoIds : [];
  const rank = (id: number) => {
    const at = order.indexOf(id);
    return at === -1 ? order.length + id : at;
  };
  photos.sort((a, b) => rank(a.id) - rank(b.id));
  return {
    step: row ? row.step : 1,
    values: row?.values && typeof row.values === 'object' ? (row.values as DraftValues) : {},
    photos: photos.map(presentUpload),
    updatedAt: row ? new Date(row.updatedAt).toISOString() : null,
  };
}

export async function saveDraft(db: Db, userId: number, input: ProfileDraftInput): Promise<void> {
  const pendingIds = new Set((await pendingPhotos(db, userId)).map((p) => p.id));
  if (input.photoIds.some((id) => !pendingIds.has(id))) {
    throw badRequest('One of the photos could not be found. Please upload it again.', { field: 'photoIds' });
  }
  const row = { userId, step: input.step, values: input.values, photoIds: input.photoIds, updatedAt: Date.now() };
  await ProfileDraft.query(db).insert(row).onConflict('userId').merge(['step', 'values', 'photoIds', 'updatedAt']);
}

/** "Start over": the draft and its photos are gone, files included. */
export async function discardDraft(db: Db, media: MediaStore, userId: number): Promise<void> {
  const photos = await pendingPhotos(db, userId);
  await db.transaction(async (trx) => {
    await ProfileDraft.query(trx).deleteById(userId);
    if (photos.length) await Photo.query(trx).whereIn('id', photos.map((p) => p.id)).delete();
  });
  for (const photo of photos) await deleteImageFiles(media, photo.fileKey).catch(() => {});
}

/** Once the profile exists, the draft has done its work. */
export async function clearDraftRow(trx: Conn, userId: number): Promise<void> {
  await ProfileDraft.query(trx).deleteById(userId);
}

const OPPOSITE_GENDER: Record<string, string> = { male: 'female', female: 'male' };

/**
 * Registration's "This profile is for" opens the wizard on the right profile: its type, whom it is for, the
 * candidate's name (the account keeps its holder's own) and, for a son, daughter, brother or sister, the gender.
 */
export async function seedDraftFromRegistration(db: Conn, account: { id: number; fullName: string }, profileFor: ProfileFor, candidateName: string | undefined): Promise<void> {
  if (profileFor === 'self') return;
  const entry = PROFILE_FOR[profileFor];
  const values: DraftValues = { relation: profileFor, profileType: entry.profileType, fullName: candidateName ?? '' };
  if (entry.gender) Object.assign(values, { gender: entry.gender, lookingFor: OPPOSITE_GENDER[entry.gender] });
  // The parent making the profile is usually the account holder.
  if (entry.profileType === 'parent') values.parentName = account.fullName;
  await ProfileDraft.query(db).insert({ userId: account.id, step: 1, values, photoIds: [], updatedAt: Date.now() }).onConflict('userId').ignore();
}
