import type { AppServices } from '../../context';
import type { Db } from '../../db';
import type { Knex } from 'knex';
import { badRequest, conflict, notFound } from '../../errors';
import type { User } from '../../models/user';
import { profileAccess } from '../../policies/profile-visibility';
import { presentProfileCard, profileName } from '../../presenters/profile';
import { audit } from '../audit';
import { likeProfile } from '../likes';
import { notify } from '../notifications';
import { loadProfile, visibleProfile } from '../profiles';

type Services = Pick<AppServices, 'db' | 'live'>;

/**
 * A family member suggests a profile to the candidate ("suggest to Priya"), with a note. The suggested profile must
 * be one the candidate may see (the relationship policy, asked as the candidate): family cannot suggest someone who
 * blocked the candidate or hides from them.
 */
export async function suggest(services: Services, owner: User, by: { id: number; relation: string }, profileId: number, suggestedProfileId: number, note: string | undefined) {
  const { db } = services;
  const { profile } = await visibleProfile(db, owner, await loadProfile(db, suggestedProfileId));
  if (profile.id === profileId) throw badRequest('A profile cannot be suggested to itself');
  if (await db('family_suggestions').where({ profileId, suggestedProfileId }).first('id')) throw conflict('This profile was already suggested');
  const [row] = await db('family_suggestions').insert({ profileId, suggestedProfileId, suggestedBy: by.id, note: note || null, status: 'open', createdAt: Date.now() }).returning('id');
  const id = typeof row === 'object' ? (row as { id: number }).id : Number(row);
  await audit(db, { actorUserId: by.id, actorRole: 'member', action: 'family.suggest', targetType: 'profile', targetId: profileId });
  await notify(services, {
    userId: owner.id,
    type: 'other',
    title: `Your ${by.relation} suggested ${profile.user ? profileName(profile, profile.user) : 'a profile'}`,
    content: note || null,
    sourceType: 'family_suggestion',
    sourceId: id,
    relatedItemId: profile.id,
  });
  return id;
}

/** The family shortlist, newest first, each with who suggested it and the profile as the candidate may see it now. */
export async function suggestionsOf(db: Db, owner: User, profileId: number) {
  const rows = await db('family_suggestions')
    .leftJoin('family_members', (j) => j.on('family_members.userId', 'family_suggestions.suggestedBy').andOn('family_members.profileId', 'family_suggestions.profileId'))
    .leftJoin('users', 'users.id', 'family_suggestions.suggestedBy')
    .where('family_suggestions.profileId', profileId)
    .orderBy('family_suggestions.createdAt', 'desc')
    .orderBy('family_suggestions.id', 'desc')
    .select('family_suggestions.*', 'family_members.relation', 'users.fullName as suggestedByName');
  const out = [];
  for (const row of rows) {
    const profile = await loadProfile(db, row.suggestedProfileId);
    const access = profile && !profile.isDeleted ? await profileAccess(db, owner, profile) : null;
    // A profile the candidate may no longer see (a block, hidden, deleted) drops out of the shortlist.
    if (!profile?.user || !access) continue;
    const messages = await db('family_thread_messages').where({ profileId, suggestionId: row.id }).count({ n: '*' }).first();
    out.push({
      id: row.id as number,
      status: row.status as string,
      note: row.note as string | null,
      suggestedBy: { name: row.suggestedByName ?? 'A former family member', relation: row.relation ?? null },
      createdAt: new Date(Number(row.createdAt)).toISOString(),
      threadMessages: Number(messages?.n ?? 0),
      profile: presentProfileCard(profile, profile.user, { clearPhotos: access.clearPhotos, matchPercentage: null }),
    });
  }
  return out;
}

/**
 * The candidate's decision: like, dismiss, or discuss. Liking gives the like itself (to a profile the candidate may
 * still see) and marks the suggestion liked in one transaction: both happen or neither.
 */
export async function decide(services: Services, owner: User, profileId: number, suggestionId: number, decision: 'like' | 'dismiss' | 'discuss') {
  const { db } = services;
  const row = await db('family_suggestions').where({ id: suggestionId, profileId }).first();
  if (!row) throw notFound('Suggestion not found');
  const status = decision === 'like' ? 'liked' : decision === 'dismiss' ? 'dismissed' : 'discussing';
  const mark = (trx: Db | Knex.Transaction) => trx('family_suggestions').where({ id: row.id }).update({ status, decidedAt: Date.now() });
  if (decision !== 'like') {
    await mark(db);
    return { status, isMatch: false };
  }
  const { profile } = await visibleProfile(db, owner, await loadProfile(db, row.suggestedProfileId));
  const { matched } = await likeProfile(services, owner, profile, { alsoInTransaction: async (trx) => void (await mark(trx)) });
  return { status, isMatch: matched };
}

export async function threadOf(db: Db, profileId: number, suggestionId: number | null) {
  const q = db('family_thread_messages')
    .leftJoin('users', 'users.id', 'family_thread_messages.authorId')
    .leftJoin('family_members', (j) => j.on('family_members.userId', 'family_thread_messages.authorId').andOn('family_members.profileId', 'family_thread_messages.profileId'))
    .where('family_thread_messages.profileId', profileId)
    .orderBy('family_thread_messages.createdAt')
    .orderBy('family_thread_messages.id')
    .limit(500)
    .select('family_thread_messages.*', 'users.fullName as authorName', 'family_members.relation');
  if (suggestionId !== null) q.where('family_thread_messages.suggestionId', suggestionId);
  const rows = await q;
  return rows.map((r) => ({
    id: r.id as number,
    suggestionId: r.suggestionId === null ? null : Number(r.suggestionId),
    author: { userId: r.authorId as number | null, name: (r.authorName as string | null) ?? 'A former family member', relation: (r.relation as string | null) ?? null },
    content: r.content as string,
    createdAt: new Date(Number(r.createdAt)).toISOString(),
  }));
}

export async function postToThread(db: Db, profileId: number, authorId: number, content: string, suggestionId: number | null) {
  if (suggestionId !== null && !(await db('family_suggestions').where({ id: suggestionId, profileId }).first('id'))) throw notFound('Suggestion not found');
  const [row] = await db('family_thread_messages').insert({ profileId, suggestionId, authorId, content, createdAt: Date.now() }).returning('id');
  return typeof row === 'object' ? (row as { id: number }).id : Number(row);
}
