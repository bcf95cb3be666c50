import type { ProfileCardView } from '../../contracts/views';
import type { AppServices } from '../context';
import type { Db } from '../db';
import type { User } from '../models/user';
import { percentagesFor, presentCards } from './discovery';

const today = () => new Date().toISOString().slice(0, 10);

async function storedSelection(db: Db, userId: number, day: string, kind: string): Promise<number[] | null> {
  const row = await db('daily_matches').where({ userId, day, kind }).first();
  if (!row) return null;
  try {
    const ids = JSON.parse(row.profileIds) as unknown;
    return Array.isArray(ids) ? ids.filter((n): n is number => typeof n === 'number') : null;
  } catch {
    return null;
  }
}

async function storeSelection(db: Db, userId: number, day: string, kind: string, ids: number[]): Promise<void> {
  await db('daily_matches')
    .insert({ userId, day, kind, profileIds: JSON.stringify(ids), createdAt: Date.now() })
    .onConflict(['userId', 'day', 'kind'])
    .ignore();
}

/** Members shown to this member in daily or featured matches on earlier days (the last DAILY_MEMORY_DAYS). */
export const DAILY_MEMORY_DAYS = 60;
async function shownBefore(db: Db, userId: number, day: string): Promise<number[]> {
  const since = new Date(Date.parse(`${day}T00:00:00Z`) - DAILY_MEMORY_DAYS * 86_400_000).toISOString().slice(0, 10);
  const rows = await db('daily_matches').where('userId', userId).where('day', '<', day).where('day', '>=', since).select('profileIds');
  const profileIds = new Set<number>();
  for (const row of rows) {
    try {
      for (const id of JSON.parse(row.profileIds) as unknown[]) if (typeof id === 'number') profileIds.add(id);
    } catch {
      // a damaged row only means those members may be offered again
    }
  }
  if (profileIds.size === 0) return [];
  const owners: number[] = [];
  const ids = [...profileIds];
  for (let i = 0; i < ids.length; i += 500) owners.push(...(await db('profiles').whereIn('id', ids.slice(i, i + 500)).select('userId')).map((r) => Number(r.userId)));
  return owners;
}

/**
 * Daily matches or featured matches: the day's best candidates over the whole pool (the engine: eligible both
 * ways, not liked, not marked "not interested", not shown on earlier days), chosen once per member per day and
 * stored so the set is stable all day, with a little diversity (see `diversify`). Featured needs a photo and
 * favours verified and boosted members; it leaves out today's daily matches when there are enough others.
 * Profiles that became hidden, blocked or deleted since the morning drop out; percentages are today's.
 */
export async function dailySelection(services: Pick<AppServices, 'db' | 'engine' | 'cards'>, viewer: User, kind: 'daily' | 'featured', size = 10): Promise<ProfileCardView[]> {
  const { db, engine } = services;
  const day = today();
  let ids = await storedSelection(db, viewer.id, day, kind);
  if (!ids) {
    const hasProfile = Boolean(await db('profiles').where({ userId: viewer.id, isDeleted: false }).first('id'));
    const exclude = await shownBefore(db, viewer.id, day);
    const other = kind === 'featured' ? await storedSelection(db, viewer.id, day, 'daily') : null;
    const pickFrom = async (excluded: number[]) => diversify(await engine.best(viewer, { k: size * DIVERSITY_POOL, excludeUsers: excluded, featured: kind === 'featured' }), size);
    let picked = await pickFrom(exclude);
    if (other?.length) {
      // Featured and daily are two different sets when the pool allows it: members not in today's daily list
      // come first, then the best of the rest.
      const otherOwners = (await db('profiles').whereIn('id', other).select('userId')).map((r) => Number(r.userId));
      const apart = await pickFrom([...exclude, ...otherOwners]);
      const taken = new Set(apart.map((r) => r.userId));
      picked = [...apart, ...picked.filter((r) => !taken.has(r.userId))].slice(0, size);
    }
    ids = picked.map((r) => r.profileId);
    if (hasProfile) await storeSelection(db, viewer.id, day, kind, ids);
  }
  // Set aside ("not interested") since the morning: gone from today's list at once.
  const setAside = new Set((await db('not_interested').where('userId', viewer.id).whereIn('profileId', ids).select('profileId')).map((r) => Number(r.profileId)));
  ids = ids.filter((id) => !setAside.has(id));
  if (ids.length === 0) return [];
  const owners = await db('profiles').whereIn('id', ids).select('id', 'userId');
  const scores = await percentagesFor(engine, viewer, owners.map((o) => ({ id: Number(o.id), userId: Number(o.userId) })));
  return presentCards(services, viewer, ids, scores, { synced: true });
}

/** Candidates the diversity pass chooses from, per place in the list. */
export const DIVERSITY_POOL = 3;
/** At most this many picks share a profession and a country before others get their turn. */
export const DIVERSITY_LIMIT = 2;

/**
 * A little diversity for daily and featured matches: walking the ranked candidates best first, a candidate
 * whose profession and country already appear DIVERSITY_LIMIT times among the picks waits until the end, so
 * ten near-identical profiles do not fill the list while the best one of each kind still leads.
 */
export function diversify<T extends { profession?: string | null; country?: string | null }>(ranked: T[], size: number): T[] {
  const seen = new Map<string, number>();
  const picked: T[] = [];
  const waiting: T[] = [];
  for (const r of ranked) {
    if (picked.length === size) break;
    const key = `${(r.profession ?? '').toLowerCase()}\u0000${r.country ?? ''}`;
    const n = seen.get(key) ?? 0;
    if (n >= DIVERSITY_LIMIT) {
      waiting.push(r);
      continue;
    }
    seen.set(key, n + 1);
    picked.push(r);
  }
  return [...picked, ...waiting].slice(0, size);
}
