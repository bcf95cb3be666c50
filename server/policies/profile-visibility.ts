import type { Db } from '../db';
import type { QueryBuilder } from 'objection';
import type { Profile } from '../models/profile';
import type { User } from '../models/user';
import { FAMILY_HIDDEN_SQL, relationshipBetween } from './relationship';

export interface ViewerContext {
  viewer: User | null;
  isOwner: boolean;
  isStaff: boolean;
  matched: boolean;
  /** the clear photo may be sent (else only the blurred rendition) */
  clearPhotos: boolean;
  privacy: { profileVisibility: string; blurPhotos: boolean; showPhoneNumber: boolean; showEmail: boolean } | null;
}

/**
 * Decides whether `viewer` may see `profile` at all (null = behave as if it does not exist: 404, never 403)
 * and how: photos clear or blurred, contact details shown or not. Used by every path that returns a profile.
 */
export async function profileAccess(db: Db, viewer: User | null, profile: Profile): Promise<ViewerContext | null> {
  if (profile.isDeleted) return null;
  const relationship = await relationshipBetween(db, viewer, profile.userId);
  if (!relationship.mayViewProfile) return null;
  const privacy = relationship.privacy;
  return {
    viewer,
    isOwner: relationship.self,
    isStaff: viewer?.role === 'reviewer' || viewer?.role === 'admin',
    matched: relationship.pair.matched,
    clearPhotos: relationship.clearPhotos,
    privacy,
  };
}

/**
 * The relationship policy's list form, as SQL conditions for lists (likes, search, matches, pickers): the
 * profiles whose `mayViewProfile` is true for the member `viewerId` — live profiles of active members (not declined by
 * their candidate, nor waiting behind the consent gate), not the viewer's own, no block either way, visibility 'all' or 'matches' with a match. relationship.test.ts holds it
 * to the pair form. `alias` is the profiles table alias in the query.
 */
export function visibleProfilesFilter(viewerId: number, alias = 'profiles') {
  return (q: QueryBuilder<Profile, Profile[]>) => {
    q.where(`${alias}.isDeleted`, false)
      .whereNot(`${alias}.userId`, viewerId)
      .whereNotExists((s) => s.select('pf.profile_id').from('profile_family as pf').whereRaw(`pf.profile_id = ${alias}.id`).whereRaw(FAMILY_HIDDEN_SQL('pf')))
      .whereExists((s) =>
        s.select('owner.id').from('users as owner').whereRaw(`owner.id = ${alias}.user_id`).where('owner.isDeleted', false).where('owner.status', 'active').where('owner.role', 'member'),
      )
      .whereNotExists((s) =>
        s
          .select('blocks.id')
          .from('blocks')
          .where((b) =>
            b
              .where((x) => x.where('blocks.blockerId', viewerId).whereRaw(`blocks.blocked_id = ${alias}.user_id`))
              .orWhere((x) => x.where('blocks.blockedId', viewerId).whereRaw(`blocks.blocker_id = ${alias}.user_id`)),
          ),
      )
      .whereNotExists((s) =>
        s
          .select('ps.user_id')
          .from('privacy_settings as ps')
          .whereRaw(`ps.user_id = ${alias}.user_id`)
          .where((p) =>
            p.where('ps.profileVisibility', 'none').orWhere((m) =>
              m.where('ps.profileVisibility', 'matches').whereNotExists((mm) =>
                mm
                  .select('matches.id')
                  .from('matches')
                  .where((x) =>
                    x
                      .where((y) => y.where('matches.user1Id', viewerId).whereRaw(`matches.user2_id = ${alias}.user_id`))
                      .orWhere((y) => y.where('matches.user2Id', viewerId).whereRaw(`matches.user1_id = ${alias}.user_id`)),
                  ),
              ),
            ),
          ),
      );
  };
}
