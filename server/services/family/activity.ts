import type { ProfileActivityView } from '../../../contracts/family';
import type { Db } from '../../db';
import { FamilyMember, type ProfileActivityAction, ProfileActivity } from '../../models/family';
import { Profile } from '../../models/profile';
import { User } from '../../models/user';
import { type FamilyAction, type FamilyFacts, decideFamily, relationshipBetween } from '../../policies/relationship';
import { firstNameOf } from './people';

export interface ProfileChange {
  action: ProfileActivityAction;
  fields: string[];
  /** the member the act was about (liked, written to, shortlisted, suggested) */
  subjectUserId?: number | null;
}

const bodyOf = (body: unknown): Record<string, unknown> => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {});

/**
 * What a request changed for the profile it ran for, read from the request (null: nothing for the activity list).
 * Only saves of the profile count as edits: an uploaded photo waits, pending, until a save puts it on the profile
 * (`photoIds`), and that save is the change listed. Likes name the liked profile; `subjectOf` turns it into its member.
 */
export function profileChangeOf(method: string, path: string, body: unknown): (ProfileChange & { subjectProfileId?: number }) | null {
  const sent = bodyOf(body);
  if (method === 'PATCH' && /^\/api\/profiles\/\d+$/.test(path)) return { action: 'edit', fields: Object.keys(sent).sort() };
  if (method === 'POST' && /^\/api\/profiles\/\d+\/completion\/\d+$/.test(path)) return { action: 'edit', fields: Object.keys(sent).sort() };
  if (method === 'POST' && path === '/api/profile-likes') return { action: 'like', fields: [], subjectProfileId: Number(sent.likedProfileId) };
  const unlike = method === 'DELETE' ? /^\/api\/profile-likes\/\d+\/(\d+)$/.exec(path) : null;
  if (unlike) return { action: 'unlike', fields: [], subjectProfileId: Number(unlike[1]) };
  return null;
}

/** The member whose profile `profileId` is (null when there is no such profile). */
export async function memberOfProfile(db: Db, profileId: number | undefined): Promise<number | null> {
  if (!Number.isSafeInteger(profileId)) return null;
  const profile = await Profile.query(db).findById(profileId as number).select('userId');
  return profile?.userId ?? null;
}

export async function recordProfileChange(db: Db, profileId: number, actorUserId: number, change: ProfileChange): Promise<void> {
  await ProfileActivity.query(db).insert({ profileId, actorUserId, action: change.action, fields: change.fields, subjectUserId: change.subjectUserId ?? null, createdAt: Date.now() });
}

/**
 * The candidate's own change to their profile (an edit, a like given or withdrawn), recorded when the profile has a
 * family to read the list: a profile nobody helps with has no activity list.
 */
export async function recordOwnChange(db: Db, ownerUserId: number, method: string, path: string, body: unknown): Promise<void> {
  const change = profileChangeOf(method, path, body);
  if (!change) return;
  const profile = await Profile.query(db).where({ userId: ownerUserId, isDeleted: false }).select('id').first();
  if (!profile) return;
  const helped = await FamilyMember.query(db).where({ profileId: profile.id, status: 'active' }).whereNot('userId', ownerUserId).select('id').first();
  if (!helped) return;
  await recordProfileChange(db, profile.id, ownerUserId, { ...change, subjectUserId: await memberOfProfile(db, change.subjectProfileId) });
}

/** "mayMessage:on": a permission the candidate turned on or off, as the activity list keeps it. */
export function permissionChanges(changes: Record<string, boolean | undefined>): string[] {
  return Object.entries(changes)
    .filter(([, value]) => typeof value === 'boolean')
    .map(([key, value]) => `${key}:${value ? 'on' : 'off'}`)
    .sort();
}

export type { ProfileActivityView };

/**
 * Which entries a family member reads: likes need the candidate's leave to like, messages their leave to write (the
 * candidate's own likes and conversations are not family's business otherwise). The candidate reads every entry.
 */
const NEEDS: Partial<Record<ProfileActivityAction, FamilyAction>> = { like: 'like', unlike: 'like', message: 'message' };

function readableBy(facts: FamilyFacts, action: ProfileActivityAction): boolean {
  if (facts.role === 'candidate') return true;
  const needed = NEEDS[action];
  return needed === undefined || decideFamily(facts, needed);
}

/** The profile's activity list as `asker` may read it, newest first (the last 100 changes). */
export async function activityOf(db: Db, profileId: number, asker: { userId: number; facts: FamilyFacts & { ownerUserId: number } }): Promise<ProfileActivityView[]> {
  const rows = (await ProfileActivity.query(db)
    .leftJoin('users', 'users.id', 'profile_activity.actorUserId')
    .leftJoin('family_members', (j) => j.on('family_members.userId', 'profile_activity.actorUserId').andOn('family_members.profileId', 'profile_activity.profileId'))
    .where('profile_activity.profileId', profileId)
    .orderBy('profile_activity.createdAt', 'desc')
    .orderBy('profile_activity.id', 'desc')
    .limit(100)
    .select('profile_activity.*', 'users.fullName as actorName', 'family_members.relation as actorRelation')) as Array<ProfileActivity & { actorName: string | null; actorRelation: string | null }>;
  const owner = await User.query(db).findById(asker.facts.ownerUserId).select('id', 'role');
  const subjects = new Map<number, ProfileActivityView['subject']>();
  const subjectOf = async (userId: number | null) => {
    if (userId === null || !owner) return null;
    if (!subjects.has(userId)) subjects.set(userId, await seenSubject(db, owner, userId));
    return subjects.get(userId) ?? null;
  };
  const out: ProfileActivityView[] = [];
  for (const r of rows) {
    if (!readableBy(asker.facts, r.action)) continue;
    out.push({
      id: r.id,
      action: r.action,
      fields: r.fields,
      by: { userId: r.actorUserId, name: r.actorName, relation: r.actorRelation, you: r.actorUserId === asker.userId, candidate: r.actorUserId === asker.facts.ownerUserId && r.actorRelation === null },
      subject: await subjectOf(r.subjectUserId),
      createdAt: new Date(Number(r.createdAt)).toISOString(),
    });
  }
  return out;
}

/** The member an act was about, named only while the candidate may see their profile (the relationship policy). */
async function seenSubject(db: Db, owner: User, userId: number): Promise<ProfileActivityView['subject']> {
  const relationship = await relationshipBetween(db, owner, userId);
  if (!relationship.mayViewProfile) return null;
  const profile = await Profile.query(db).where({ userId, isDeleted: false }).select('id', 'fullName').first();
  const user = await User.query(db).findById(userId).select('fullName');
  const firstName = firstNameOf(profile?.fullName ?? user?.fullName);
  return profile && firstName ? { userId, profileId: profile.id, firstName } : null;
}
