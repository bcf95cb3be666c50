import type { Knex } from 'knex';
import { Photo } from '../../../models/photo';
import { Profile } from '../../../models/profile';
import { User } from '../../../models/user';
import { photoUrl } from '../../../services/photos';

export interface ProfileSummary {
  id: number;
  gender: string | null;
  dateOfBirth: string | null;
  city: string | null;
  country: string | null;
  profession: string | null;
  about: string | null;
  /** who made it (self, parent, sibling, relative, friend): a reviewer reads a report differently for each */
  profileType: string;
  maritalStatus: string | null;
  religion: string | null;
  community: string | null;
  motherTongue: string | null;
  photos: string[];
}

/**
 * The live profile of each member (by user id) with its photos, for a page of rows in two queries. A report
 * filed from chat names no profile, so the reported member's profile is always found this way.
 */
export async function profilesOf(db: Knex, userIds: Array<number | null>): Promise<Map<number, ProfileSummary>> {
  const ids = [...new Set(userIds.filter((id): id is number => Boolean(id)))];
  const result = new Map<number, ProfileSummary>();
  if (ids.length === 0) return result;
  const profiles = await Profile.query(db).whereIn('userId', ids).where({ isDeleted: false }).orderBy('id').select('id', 'userId', 'gender', 'dateOfBirth', 'city', 'country', 'profession', 'about', 'profileType', 'maritalStatus', 'religion', 'community', 'motherTongue');
  const photos = profiles.length
    ? await Photo.query(db).whereIn('profileId', profiles.map((p) => p.id)).where({ purpose: 'profile' }).orderBy('position').orderBy('id').select('profileId', 'fileKey')
    : [];
  for (const p of profiles) {
    if (result.has(p.userId)) continue;
    result.set(p.userId, {
      id: p.id, gender: p.gender, dateOfBirth: p.dateOfBirth, city: p.city, country: p.country, profession: p.profession, about: p.about,
      profileType: p.profileType, maritalStatus: p.maritalStatus, religion: p.religion, community: p.community, motherTongue: p.motherTongue,
      photos: photos.filter((ph) => ph.profileId === p.id).map((ph) => photoUrl(ph.fileKey)),
    });
  }
  return result;
}

/** Names of users by id, for links ("Asha Rao" → her member page). */
export async function namesOf(db: Knex, userIds: Array<number | null | undefined>): Promise<Map<number, string>> {
  const ids = [...new Set(userIds.filter((id): id is number => typeof id === 'number'))];
  if (ids.length === 0) return new Map();
  const rows = await User.query(db).whereIn('id', ids).select('id', 'fullName');
  return new Map(rows.map((r) => [r.id, r.fullName]));
}

export function personOrNull(id: number | null | undefined, names: Map<number, string>) {
  return typeof id === 'number' ? { id, fullName: names.get(id) ?? null } : null;
}
