import type { Db } from '../../db';
import { MOOD_SIGNALS_SQL, moodSignalsBindings } from '../moods';
import { MemberCache } from './change-versions';

/**
 * A member's relations with others, as user ids: blocks either way, matches, profiles they liked, profiles they
 * marked "not interested", and family (left out of their own lists as their own profile is): the candidates whose
 * profile they help with (a mother is not offered her son), the people who help with theirs (nor a son his mother),
 * and the candidates who share a helper with them (a brother is not offered his sister). Read with one query the
 * first time a member lists anyone and kept (bounded, least recently used first out) until the change feed reports
 * a change to a relation of theirs (a family link is reported for the helper, the candidate and the helper's other
 * candidates), or the cache's time runs out.
 */
export interface Relations {
  blocked: number[];
  matched: number[];
  liked: number[];
  notInterested: number[];
  family: number[];
  /**
   * Whether they had anything mood compatibility reads (a recent public tracker mood, an assessment) when read: a
   * new one is a change the feed reports; a mood ageing out since only costs a read that finds no score.
   */
  moodSignals: boolean;
}

const SQL = `
  SELECT 1 AS k, blocked_id AS u FROM blocks WHERE blocker_id = ?
  UNION ALL SELECT 1, blocker_id FROM blocks WHERE blocked_id = ?
  UNION ALL SELECT 2, user2_id FROM matches WHERE user1_id = ?
  UNION ALL SELECT 2, user1_id FROM matches WHERE user2_id = ?
  UNION ALL SELECT 3, p.user_id FROM profile_likes l JOIN profiles p ON p.id = l.liked_profile_id WHERE l.user_id = ? AND p.is_deleted = ?
  UNION ALL SELECT 4, p.user_id FROM not_interested n JOIN profiles p ON p.id = n.profile_id WHERE n.user_id = ? AND p.is_deleted = ?
  UNION ALL SELECT 5, p.user_id FROM family_members f JOIN profiles p ON p.id = f.profile_id WHERE f.user_id = ? AND f.status = 'active'
  UNION ALL SELECT 5, f.user_id FROM family_members f JOIN profiles p ON p.id = f.profile_id WHERE p.user_id = ? AND f.status = 'active'
  UNION ALL SELECT 5, p2.user_id FROM profiles p1
    JOIN family_members f1 ON f1.profile_id = p1.id AND f1.status = 'active'
    JOIN family_members f2 ON f2.user_id = f1.user_id AND f2.status = 'active' AND f2.profile_id <> p1.id
    JOIN profiles p2 ON p2.id = f2.profile_id
    WHERE p1.user_id = ?
  UNION ALL SELECT 6, ${MOOD_SIGNALS_SQL}`;

export async function loadRelations(db: Db, userId: number): Promise<Relations> {
  const result = await db.raw(SQL, [userId, userId, userId, userId, userId, false, userId, false, userId, userId, userId, ...moodSignalsBindings(userId, Date.now())]);
  const rows = (Array.isArray(result) ? result : result.rows) as Array<{ k: number | string; u: number | string }>;
  const out: Relations = { blocked: [], matched: [], liked: [], notInterested: [], family: [], moodSignals: false };
  const lists = [out.blocked, out.matched, out.liked, out.notInterested, out.family];
  for (const row of rows) {
    if (Number(row.k) === 6) out.moodSignals = Number(row.u) === 1;
    else lists[Number(row.k) - 1]?.push(Number(row.u));
  }
  return out;
}

export class RelationsCache extends MemberCache {
  private readonly entries = new Map<number, { relations: Relations; at: number }>();
  private readonly loading = new Map<number, Promise<Relations>>();

  async get(userId: number): Promise<Relations> {
    const hit = this.entries.get(userId);
    if (hit && Date.now() - hit.at < this.ttlMs) {
      this.entries.delete(userId);
      this.entries.set(userId, hit);
      return hit.relations;
    }
    let pending = this.loading.get(userId);
    if (!pending) {
      const version = this.versions.of(userId);
      pending = loadRelations(this.db, userId).then((relations) => {
        this.loading.delete(userId);
        if (this.versions.of(userId) === version) {
          this.entries.set(userId, { relations, at: Date.now() });
          if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as number);
        }
        return relations;
      }, (error: unknown) => {
        this.loading.delete(userId);
        throw error;
      });
      this.loading.set(userId, pending);
    }
    return pending;
  }

  invalidate(userId: number): void {
    this.entries.delete(userId);
    this.loading.delete(userId);
    this.versions.changed(userId);
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
    this.versions.clear();
  }
}
