import type { NotificationType } from '../../../contracts/enums';
import type { CatalogueId } from '../../../contracts/i18n/catalogue-ids';
import { translate, type Values } from '../../i18n';
import type { Db } from '../../db';
import { FamilyMember, ProfileFamily } from '../../models/family';
import { Profile } from '../../models/profile';
import { User } from '../../models/user';
import { type FamilyAction, decideFamily, familyFacts } from '../../policies/relationship';
import type { TierHolder } from '../../policies/tier';
import { activeFamilyOf, familyVisibleConversations } from './acts';
import { firstNameOf } from './people';

/** What a notification of the candidate's says, enough to word the family's copy of it. */
export interface CandidateNotice {
  userId: number;
  type: NotificationType;
  title: string;
  content?: string | null;
  actorUserId?: number | null;
  relatedItemId?: number | null;
  /** the catalogue message the candidate reads: the family's copy takes its `name` (who liked, matched or wrote) */
  localized?: { title: { values?: Values }; content?: { values?: Values } };
}

/**
 * The notifications about a candidate's profile that reach its family, and the permission each needs: a like
 * received and a new match go to family the candidate lets like (they act on them), a message only to family who
 * may read that conversation (the candidate lets them write, and a family member wrote in it or it was shared).
 * Everything else (payments, verification, their own conversations) stays the candidate's.
 */
const FOR_FAMILY: Partial<Record<NotificationType, FamilyAction>> = { like: 'like', match: 'like', message: 'message' };

type Message = { id: CatalogueId; values?: Values };

export interface FamilyCopy {
  userId: number;
  forProfileId: number;
  /** English, kept beside the message for readers without a language */
  title: string;
  content: string | null;
  /** the family's own message, written in each family member's language by notify */
  localized: { title: Message; content?: Message };
}

/** The family members who hear of `notice` for the candidate, each with the copy they read ("Arjun has a new match"). */
export async function familyCopiesOf(db: Db, notice: CandidateNotice): Promise<FamilyCopy[]> {
  const action = FOR_FAMILY[notice.type];
  if (!action) return [];
  const rows = await activeFamilyOf(db, notice.userId);
  if (rows.length === 0) return [];
  const profile = { id: rows[0].profileId, fullName: rows[0].profileName };
  const members = rows.map((r) => r.userId);
  // One permission set per profile: the first member's facts answer for all (the candidate is no family member).
  const facts = await familyFacts(db, members[0], profile.id);
  if (!facts || !decideFamily(facts, action)) return [];
  if (notice.type === 'message') {
    // The family reads of a message only in a conversation family may see (familyReadersOf's rule; its family and
    // permission were read above).
    const other = notice.relatedItemId ?? notice.actorUserId ?? null;
    if (other === null || !(await familyVisibleConversations(db, notice.userId, profile.id)).has(other)) return [];
  }
  const family = await ProfileFamily.query(db).findById(profile.id).select('candidateFirstName');
  const owner = await User.query(db).findById(notice.userId).select('fullName');
  const name = firstNameOf(owner?.fullName) ?? family?.candidateFirstName ?? firstNameOf(profile.fullName) ?? 'They';
  const worded = familyWording(notice, name);
  return members.filter((m) => m !== notice.actorUserId).map((userId) => ({ userId, forProfileId: profile.id, ...worded }));
}

/**
 * The family's copy says whose it is: "Someone liked Arjun's profile", "Arjun has a new match", "New message for
 * Arjun from Meera" — the family's own catalogue messages, with the name the candidate's message carries.
 */
function familyWording(notice: CandidateNotice, candidate: string): Pick<FamilyCopy, 'title' | 'content' | 'localized'> {
  const name = notice.localized?.content?.values?.name ?? notice.localized?.title.values?.name ?? null;
  const message = (id: CatalogueId): Message => ({ id, values: { candidate, name } });
  const localized =
    notice.type === 'match'
      ? { title: message('server.notification.family.matchTitle'), content: name ? message('server.notification.family.matchText') : undefined }
      : notice.type === 'like'
        ? { title: message('server.notification.family.likeTitle'), content: name ? message('server.notification.family.likeText') : undefined }
        : { title: message(name ? 'server.notification.family.messageTitle' : 'server.notification.family.messageTitleUnnamed') };
  const english = (m: Message | undefined) => (m ? translate('en', m.id, m.values) : null);
  // A message's copy carries the message itself, as the candidate's does.
  const content = notice.type === 'message' ? (notice.content ?? null) : english(localized.content);
  return { title: english(localized.title) ?? '', content, localized };
}

/** For the helper's copies: the candidate's plan (it decides what the copy shows) and first name, by profile. */
export async function copyContextsOf(db: Db, profileIds: number[]): Promise<Map<number, { tier: TierHolder; name: string }>> {
  const out = new Map<number, { tier: TierHolder; name: string }>();
  if (profileIds.length === 0) return out;
  const rows = (await Profile.query(db)
    .join('users', 'users.id', 'profiles.userId')
    .whereIn('profiles.id', [...new Set(profileIds)])
    .select('profiles.id', 'profiles.fullName as profileName', 'users.fullName', 'users.subscriptionTier', 'users.subscriptionEnds')) as unknown as Array<{ id: number; profileName: string | null; fullName: string | null } & TierHolder>;
  for (const r of rows) {
    const ends = r.subscriptionEnds === null ? null : Number(r.subscriptionEnds);
    out.set(r.id, { tier: { subscriptionTier: r.subscriptionTier, subscriptionEnds: ends }, name: firstNameOf(r.fullName) ?? firstNameOf(r.profileName) ?? 'them' });
  }
  return out;
}

/** The profiles `userId` helps with now: copies about any other profile (they were removed since) are not shown. */
export async function activeHelpedProfileIds(db: Db, userId: number): Promise<number[]> {
  return (await FamilyMember.query(db).where({ userId, status: 'active' }).select('profileId')).map((m) => m.profileId);
}
