import type { ShortlistEntryView } from '../../contracts/shortlist';
import type { AppServices } from '../context';
import type { Db } from '../db';
import { badRequest, conflict, notFound } from '../errors';
import { FamilySuggestion } from '../models/family';
import type { User } from '../models/user';
import { memberOfProfile, recordProfileChange } from './family/activity';
import { relationOf } from './family/members';
import { suggest, suggestionsOf } from './family/suggestions';
import { loadProfile, visibleProfile } from './profiles';

type Services = Pick<AppServices, 'db' | 'live'>;

/**
 * A profile's shortlist is its family shortlist (family_suggestions): one list per candidate profile, shared by the
 * candidate and the helpers allowed to shortlist. The candidate's own saves are entries like a helper's, saved by
 * the profile's account and told to no one; a helper's save is a family suggestion, which tells the candidate.
 */
export async function shortlistOf(db: Db, owner: User, profileId: number, asker: User): Promise<ShortlistEntryView[]> {
  const entries = await suggestionsOf(db, owner, profileId);
  return entries.map((e) => ({
    id: e.id,
    status: e.status,
    note: e.note,
    savedBy: { ...e.suggestedBy, isYou: e.suggestedBy.userId === asker.id },
    createdAt: e.createdAt,
    profile: e.profile,
  }));
}

export async function saveToShortlist(services: Services, owner: User, saver: User, profileId: number, savedProfileId: number, note: string | undefined): Promise<number> {
  const { db } = services;
  if (saver.id !== owner.id) {
    const relation = await relationOf(db, profileId, saver.id);
    return suggest(services, owner, { id: saver.id, relation: relation ?? 'family' }, profileId, savedProfileId, note);
  }
  // Only a profile the candidate may see can be saved: the relationship policy, asked as the candidate.
  const { profile } = await visibleProfile(db, owner, await loadProfile(db, savedProfileId));
  if (profile.id === profileId) throw badRequest('You cannot shortlist your own profile');
  if (await FamilySuggestion.query(db).where({ profileId, suggestedProfileId: profile.id }).select('id').first()) throw conflict('This profile is already on the shortlist');
  const { id } = await FamilySuggestion.query(db).insert({ profileId, suggestedProfileId: profile.id, suggestedBy: saver.id, note: note || null, status: 'open', createdAt: Date.now() });
  await recordProfileChange(db, profileId, saver.id, { action: 'shortlist', fields: [], subjectUserId: profile.userId });
  return id;
}

/** Removes an entry; the candidate's activity list says who removed whom. */
export async function removeFromShortlist(db: Db, profileId: number, entryId: number, by: { id: number }): Promise<void> {
  const entry = await FamilySuggestion.query(db).where({ id: entryId, profileId }).select('id', 'suggestedProfileId').first();
  const removed = entry ? await FamilySuggestion.query(db).findById(entry.id).delete() : 0;
  if (!entry || !removed) throw notFound('This profile is not on the shortlist');
  await recordProfileChange(db, profileId, by.id, { action: 'unshortlist', fields: [], subjectUserId: await memberOfProfile(db, entry.suggestedProfileId) });
}
