import type { AppServices } from '../../context';
import type { Db } from '../../db';
import type { Knex } from 'knex';
import { badRequest, conflict, notFound } from '../../errors';
import { FamilySuggestion, FamilyThreadMessage } from '../../models/family';
import type { User } from '../../models/user';
import { profileAccess } from '../../policies/profile-visibility';
import { presentProfileCard, profileName } from '../../presenters/profile';
import { audit } from '../audit';
import { likeProfile } from '../likes';
import { notify, worded } from '../notifications';
import { recordProfileChange } from './activity';
import { relationOf } from './members';
import { firstNameOf } from './people';
import { loadProfile, visibleProfile } from '../profiles';

type Services = Pick<AppServices, 'db' | 'live'>;

/** The family member's relation, joined in beside a suggestion or thread message (null once they left the family). */
interface AuthorNames {
  relation: string | null;
}

/**
 * A family member suggests a profile to the candidate ("suggest to Priya"), with a note. The suggested profile must
 * be one the candidate may see (the relationship policy, asked as the candidate): family cannot suggest someone who
 * blocked the candidate or hides from them.
 */
export async function suggest(services: Services, owner: User, by: { id: number; relation: string }, profileId: number, suggestedProfileId: number, note: string | undefined) {
  const { db } = services;
  const { profile } = await visibleProfile(db, owner, await loadProfile(db, suggestedProfileId));
  if (profile.id === profileId) throw badRequest('A profile cannot be suggested to itself');
  if (await FamilySuggestion.query(db).where({ profileId, suggestedProfileId }).select('id').first()) throw conflict('This profile was already suggested');
  const { id } = await FamilySuggestion.query(db).insert({ profileId, suggestedProfileId, suggestedBy: by.id, note: note || null, status: 'open', createdAt: Date.now() });
  await audit(db, { actorUserId: by.id, actorRole: 'member', action: 'family.suggest', targetType: 'profile', targetId: profileId });
  await recordProfileChange(db, profileId, by.id, { action: 'suggest', fields: [], subjectUserId: profile.userId });
  await notify(services, {
    userId: owner.id,
    type: 'other',
    ...worded({ id: 'server.notification.family.suggested', values: { relation: by.relation, name: profile.user ? profileName(profile, profile.user) : '' } }),
    content: note || null,
    sourceType: 'family_suggestion',
    sourceId: id,
    relatedItemId: profile.id,
  });
  return id;
}

/** The family shortlist, newest first, each with who suggested it and the profile as the candidate may see it now. */
export async function suggestionsOf(db: Db, owner: User, profileId: number) {
  const rows = await FamilySuggestion.query(db)
    .leftJoin('family_members', (j) => j.on('family_members.userId', 'family_suggestions.suggestedBy').andOn('family_members.profileId', 'family_suggestions.profileId'))
    .leftJoin('users', 'users.id', 'family_suggestions.suggestedBy')
    .where('family_suggestions.profileId', profileId)
    .orderBy('family_suggestions.createdAt', 'desc')
    .orderBy('family_suggestions.id', 'desc')
    .select('family_suggestions.*', 'family_members.relation', 'users.fullName as suggestedByName')
    .castTo<Array<FamilySuggestion & AuthorNames & { suggestedByName: string | null }>>();
  const out = [];
  for (const row of rows) {
    const profile = await loadProfile(db, row.suggestedProfileId);
    const access = profile && !profile.isDeleted ? await profileAccess(db, owner, profile) : null;
    // A profile the candidate may no longer see (a block, hidden, deleted) drops out of the shortlist.
    if (!profile?.user || !access) continue;
    const threadMessages = await FamilyThreadMessage.query(db).where({ profileId, suggestionId: row.id }).resultSize();
    out.push({
      id: row.id,
      status: row.status,
      note: row.note,
      suggestedBy: { userId: row.suggestedBy, name: row.suggestedByName ?? 'A former family member', relation: row.relation ?? null },
      createdAt: new Date(row.createdAt).toISOString(),
      threadMessages,
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
  const row = await FamilySuggestion.query(db).where({ id: suggestionId, profileId }).first();
  if (!row) throw notFound('Suggestion not found');
  const status = decision === 'like' ? 'liked' : decision === 'dismiss' ? 'dismissed' : 'discussing';
  const mark = (trx: Db | Knex.Transaction) => FamilySuggestion.query(trx).findById(row.id).patch({ status, decidedAt: Date.now() });
  let matched = false;
  const suggested = await loadProfile(db, row.suggestedProfileId);
  if (decision === 'like') {
    const { profile } = await visibleProfile(db, owner, suggested);
    matched = (await likeProfile(services, owner, profile, { alsoInTransaction: async (trx) => void (await mark(trx)) })).matched;
  } else await mark(db);
  await recordProfileChange(db, profileId, owner.id, { action: 'decide', fields: [status], subjectUserId: suggested?.userId ?? null });
  // Named only while the candidate may still see the profile (a block since, say, leaves it unnamed).
  const seen = suggested && !suggested.isDeleted ? await profileAccess(db, owner, suggested) : null;
  await tellSuggester(services, owner, profileId, row, status, seen && suggested?.user ? profileName(suggested, suggested.user) : 'a profile you suggested');
  return { status, isMatch: matched };
}


/** The family member who suggested a profile hears the candidate's answer, while they are still one of its people. */
async function tellSuggester(services: Services, owner: User, profileId: number, row: FamilySuggestion, status: 'liked' | 'dismissed' | 'discussing', suggestedName: string) {
  if (row.suggestedBy === null || row.suggestedBy === owner.id) return;
  if (!(await relationOf(services.db, profileId, row.suggestedBy))) return;
  const candidate = firstNameOf(owner.fullName) ?? 'The person you help';
  await notify(services, {
    userId: row.suggestedBy,
    type: 'other',
    ...worded({ id: 'server.notification.family.suggestionAnswered', values: { candidate, decision: status, name: suggestedName } }),
    sourceType: 'family_suggestion',
    sourceId: row.id,
    relatedItemId: row.suggestedProfileId,
    forProfileId: profileId,
  });
}

export async function threadOf(db: Db, profileId: number, suggestionId: number | null) {
  const q = FamilyThreadMessage.query(db)
    .leftJoin('users', 'users.id', 'family_thread_messages.authorId')
    .leftJoin('family_members', (j) => j.on('family_members.userId', 'family_thread_messages.authorId').andOn('family_members.profileId', 'family_thread_messages.profileId'))
    .where('family_thread_messages.profileId', profileId)
    .orderBy('family_thread_messages.createdAt')
    .orderBy('family_thread_messages.id')
    .limit(500)
    .select('family_thread_messages.*', 'users.fullName as authorName', 'family_members.relation');
  if (suggestionId !== null) q.where('family_thread_messages.suggestionId', suggestionId);
  const rows = await q.castTo<Array<FamilyThreadMessage & AuthorNames & { authorName: string | null }>>();
  return rows.map((r) => ({
    id: r.id,
    suggestionId: r.suggestionId,
    author: { userId: r.authorId, name: r.authorName ?? 'A former family member', relation: r.relation ?? null },
    content: r.content,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}

export async function postToThread(db: Db, profileId: number, authorId: number, content: string, suggestionId: number | null) {
  if (suggestionId !== null && !(await FamilySuggestion.query(db).where({ id: suggestionId, profileId }).select('id').first())) throw notFound('Suggestion not found');
  const { id } = await FamilyThreadMessage.query(db).insert({ profileId, suggestionId, authorId, content, createdAt: Date.now() });
  return id;
}
