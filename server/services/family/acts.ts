import type { AppContext } from '../../context';
import { type Db, readRows } from '../../db';
import { audit } from '../audit';
import { memberOfProfile, profileChangeOf, recordProfileChange } from './activity';
import { decideFamily, familyFacts } from '../../policies/relationship';
import { FamilyAct, FamilySharedConversation } from '../../models/family';
import { Message } from '../../models/engagement';
import { ProfileLike } from '../../models/social';
import { firstNameOf } from './people';

/** The columns a family act's label is made of, joined in from the family member and the candidate's account. */
interface ActorNames {
  relation: string;
  fullName: string | null;
}

interface Actor {
  userId: number;
  relation: string;
  profileId: number;
}

/**
 * Records that a family member, not the candidate, did it: in the candidate's activity list (an edit, a like given or
 * withdrawn, a message written for them), beside a like given (so "liked by Priya's mother" can be shown to both
 * sides), and any change in the audit log under the family member's own account, about the candidate.
 */
export async function recordFamilyAct(db: Db, ctx: AppContext, actor: Actor): Promise<void> {
  const owner = ctx.state.user;
  if (!owner || ctx.method === 'GET') return;
  const body = (ctx.request as unknown as { body?: Record<string, unknown> }).body;
  // A message is recorded as the family's by sendMessage itself, with the message; the list names whom it went to.
  if (ctx.method === 'POST' && ctx.path === '/api/messages') {
    const receiverId = Number(body?.receiverId);
    if (Number.isSafeInteger(receiverId)) await recordProfileChange(db, actor.profileId, actor.userId, { action: 'message', fields: [], subjectUserId: receiverId });
    return;
  }
  const change = profileChangeOf(ctx.method, ctx.path, body);
  if (change) await recordProfileChange(db, actor.profileId, actor.userId, { ...change, subjectUserId: await memberOfProfile(db, change.subjectProfileId) });
  if (change?.action === 'like') {
    const like = await ProfileLike.query(db).where({ userId: owner.id, likedProfileId: change.subjectProfileId ?? 0 }).select('id').first();
    if (like) await FamilyAct.query(db).insert({ kind: 'like', itemId: like.id, profileId: actor.profileId, actedBy: actor.userId, createdAt: Date.now() }).onConflict(['kind', 'itemId']).ignore();
    return;
  }
  await audit(db, { actorUserId: actor.userId, actorRole: 'member', action: 'family.acted', targetType: 'profile', targetId: actor.profileId, subjectUserId: owner.id, details: { method: ctx.method, path: ctx.path } });
}

/**
 * The members a profile's family may see the conversation with: those a family member has written to, and those
 * whose conversation the candidate shared with the family.
 */
export async function familyVisibleConversations(db: Db, ownerId: number, profileId: number): Promise<Set<number>> {
  const visible = await familyWrittenConversations(db, ownerId);
  for (const otherUserId of await sharedConversationsOf(db, profileId)) visible.add(otherUserId);
  return visible;
}

/** The members whose conversation with `ownerId` a family member wrote in (so family see it without its being shared). */
export async function familyWrittenConversations(db: Db, ownerId: number): Promise<Set<number>> {
  const written = await Message.query(db)
    .join('family_acts', 'family_acts.itemId', 'messages.id')
    .where('family_acts.kind', 'message')
    .where((q) => q.where('messages.senderId', ownerId).orWhere('messages.receiverId', ownerId))
    .select('messages.senderId', 'messages.receiverId');
  return new Set(written.map((m) => (m.senderId === ownerId ? m.receiverId : m.senderId)));
}

/** The members whose conversation with the candidate the candidate shared with the family. */
export async function sharedConversationsOf(db: Db, profileId: number): Promise<number[]> {
  return (await FamilySharedConversation.query(db).where({ profileId }).select('otherUserId')).map((shared) => shared.otherUserId);
}

/**
 * The family members who may read `ownerId`'s conversation with `otherId` as it happens: active family members of the
 * owner's live profile, when the candidate lets family write for them (the same permission that lets them open the
 * conversation) and the conversation is one family may see (one a family member wrote in, or shared with them).
 */
export async function familyReadersOf(db: Db, ownerId: number, otherId: number): Promise<number[]> {
  const rows = await activeFamilyOf(db, ownerId);
  if (rows.length === 0) return [];
  const profileId = rows[0].profileId;
  const members = rows.map((m) => m.userId);
  const facts = await familyFacts(db, members[0], profileId);
  if (!facts || !decideFamily(facts, 'message')) return [];
  if (!(await familyVisibleConversations(db, ownerId, profileId)).has(otherId)) return [];
  return members;
}

/**
 * The active family of `ownerId`'s live profile (the owner not among them). Every message asks this for both sides,
 * and most members have none: one prepared statement finds out.
 */
export async function activeFamilyOf(db: Db, ownerId: number): Promise<Array<{ userId: number; profileId: number; profileName: string | null }>> {
  return readRows(db, ACTIVE_FAMILY_SQL, [ownerId]);
}

const ACTIVE_FAMILY_SQL = `
  SELECT fm.user_id AS "userId", p.id AS "profileId", p.full_name AS "profileName"
  FROM profiles p JOIN family_members fm ON fm.profile_id = p.id
  WHERE p.user_id = ? AND p.is_deleted = FALSE AND fm.status = 'active' AND fm.user_id <> p.user_id`;

/** The candidate shares (or stops sharing) their conversation with one member with their family. */
export async function shareConversation(db: Db, profileId: number, ownerId: number, otherUserId: number, shared: boolean): Promise<boolean> {
  if (!shared) {
    await FamilySharedConversation.query(db).where({ profileId, otherUserId }).delete();
    return false;
  }
  if (!(await hasConversation(db, ownerId, otherUserId))) return false;
  await FamilySharedConversation.query(db).insert({ profileId, otherUserId, sharedAt: Date.now() }).onConflict(['profileId', 'otherUserId']).ignore();
  return true;
}

/** "Priya's mother": how an act of a family member is named to others. */
export function familyActorLabel(candidateName: string | null, relation: string): string {
  const first = firstNameOf(candidateName);
  return first ? `${first}'s ${relation}` : `Their ${relation}`;
}

/** For each message written by family, who wrote it ("Priya's mother"); messages not in the map are the candidate's. */
export async function familyAuthorsOf(db: Db, messageIds: number[]): Promise<Map<number, { relation: string; label: string }>> {
  const out = new Map<number, { relation: string; label: string }>();
  if (messageIds.length === 0) return out;
  const rows = (await FamilyAct.query(db)
    .join('family_members', (j) => j.on('family_members.userId', 'family_acts.actedBy').andOn('family_members.profileId', 'family_acts.profileId'))
    .join('profiles', 'profiles.id', 'family_acts.profileId')
    .join('users', 'users.id', 'profiles.userId')
    .where('family_acts.kind', 'message')
    .whereIn('family_acts.itemId', messageIds)
    .select('family_acts.itemId', 'family_members.relation', 'users.fullName')) as Array<FamilyAct & ActorNames>;
  for (const r of rows) out.set(r.itemId, { relation: r.relation, label: familyActorLabel(r.fullName, r.relation) });
  return out;
}

export async function hasConversation(db: Db, a: number, b: number): Promise<boolean> {
  return Boolean(await Message.query(db).where((q) => q.where({ senderId: a, receiverId: b }).orWhere({ senderId: b, receiverId: a })).select('id').first());
}

/** For likes of the profiles `likedProfileIds` given by family for the member who liked: "Priya's mother", by liker. */
export async function familyLikeLabels(db: Db, likedProfileIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (likedProfileIds.length === 0) return out;
  const rows = (await FamilyAct.query(db)
    .join('profile_likes', 'profile_likes.id', 'family_acts.itemId')
    .join('family_members', (j) => j.on('family_members.userId', 'family_acts.actedBy').andOn('family_members.profileId', 'family_acts.profileId'))
    .join('users', 'users.id', 'profile_likes.userId')
    .where('family_acts.kind', 'like')
    .whereIn('profile_likes.likedProfileId', likedProfileIds)
    .select('profile_likes.userId as likerId', 'family_members.relation', 'users.fullName')) as Array<FamilyAct & ActorNames & { likerId: number }>;
  for (const r of rows) out.set(r.likerId, familyActorLabel(r.fullName, r.relation));
  return out;
}

/** The family member who gave each of `likerId`'s likes of `likedProfileIds` (absent: the liker's own like). */
export async function familyLikeGivers(db: Db, likerId: number, likedProfileIds: number[]): Promise<Map<number, { actedBy: number | null; relation: string }>> {
  const out = new Map<number, { actedBy: number | null; relation: string }>();
  if (likedProfileIds.length === 0) return out;
  const rows = (await FamilyAct.query(db)
    .join('profile_likes', 'profile_likes.id', 'family_acts.itemId')
    .join('family_members', (j) => j.on('family_members.userId', 'family_acts.actedBy').andOn('family_members.profileId', 'family_acts.profileId'))
    .where('family_acts.kind', 'like')
    .where('profile_likes.userId', likerId)
    .whereIn('profile_likes.likedProfileId', likedProfileIds)
    .select('profile_likes.likedProfileId', 'family_acts.actedBy', 'family_members.relation')) as unknown as Array<{ likedProfileId: number; actedBy: number | null; relation: string }>;
  for (const r of rows) out.set(r.likedProfileId, { actedBy: r.actedBy, relation: r.relation });
  return out;
}

/**
 * Who gave a like, told to one of the liker's own people: "you" to the family member who gave it, "your father" to
 * the candidate, "Arjun's father" to another family member. Null: the candidate liked it themself.
 */
export function likeGiverLabel(giver: { actedBy: number | null; relation: string } | undefined, candidateName: string | null, asker: { actingFamilyUserId: number | null }): string | null {
  if (!giver) return null;
  if (asker.actingFamilyUserId === null) return `your ${giver.relation}`;
  if (giver.actedBy === asker.actingFamilyUserId) return 'you';
  return familyActorLabel(candidateName, giver.relation);
}
