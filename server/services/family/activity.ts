import type { Db } from '../../db';
import { type ProfileActivityAction, ProfileActivity } from '../../models/family';

/**
 * What a family member changed, by the request that changed it (null: nothing for the activity list). Only saves of
 * the profile count: an uploaded photo waits, pending, until a save puts it on the profile (`photoIds`), and that
 * save is the change listed.
 */
export function profileChangeOf(method: string, path: string, body: unknown): { action: ProfileActivityAction; fields: string[] } | null {
  const sent = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body).sort() : [];
  if (method === 'PATCH' && /^\/api\/profiles\/\d+$/.test(path)) return { action: 'edit', fields: sent };
  if (method === 'POST' && /^\/api\/profiles\/\d+\/completion\/\d+$/.test(path)) return { action: 'edit', fields: sent };
  return null;
}

export async function recordProfileChange(db: Db, profileId: number, actorUserId: number, change: { action: ProfileActivityAction; fields: string[] }): Promise<void> {
  await ProfileActivity.query(db).insert({ profileId, actorUserId, action: change.action, fields: change.fields, createdAt: Date.now() });
}

export interface ProfileActivityView {
  id: number;
  action: ProfileActivityAction;
  fields: string[];
  /** who made the change: their name and relation, `you` when it is the asker (null name: their account is gone) */
  by: { userId: number | null; name: string | null; relation: string | null; you: boolean };
  createdAt: string;
}

/** The profile's activity list, newest first (the last 100 changes). */
export async function activityOf(db: Db, profileId: number, askerUserId: number): Promise<ProfileActivityView[]> {
  const rows = (await ProfileActivity.query(db)
    .leftJoin('users', 'users.id', 'profile_activity.actorUserId')
    .leftJoin('family_members', (j) => j.on('family_members.userId', 'profile_activity.actorUserId').andOn('family_members.profileId', 'profile_activity.profileId'))
    .where('profile_activity.profileId', profileId)
    .orderBy('profile_activity.createdAt', 'desc')
    .orderBy('profile_activity.id', 'desc')
    .limit(100)
    .select('profile_activity.*', 'users.fullName as actorName', 'family_members.relation as actorRelation')) as Array<ProfileActivity & { actorName: string | null; actorRelation: string | null }>;
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    fields: r.fields,
    by: { userId: r.actorUserId, name: r.actorName, relation: r.actorRelation, you: r.actorUserId === askerUserId },
    createdAt: new Date(Number(r.createdAt)).toISOString(),
  }));
}
