import type { Knex } from 'knex';

/**
 * Views of share links, read as tallies for the console: counted, and ranked per link, in SQL. A link may have
 * been opened thousands of times, so these are knex aggregates rather than one ShareView model per view; ids,
 * counts and times are made numbers here on either database.
 */

/** Bound parameters per query: some databases cap how many one query may carry. */
const CHUNK = 500;

export interface ShareViewTally {
  count: number;
  lastAt: number | null;
}

/** How many views each link recorded, and when the last one was. */
export async function shareViewTallies(db: Knex, shareIds: number[]): Promise<Map<number, ShareViewTally>> {
  const tallies = new Map<number, ShareViewTally>();
  for (let i = 0; i < shareIds.length; i += CHUNK) {
    const rows: Array<{ shareId: number | string; n: number | string; last: number | string | null }> = await db('share_views')
      .whereIn('shareId', shareIds.slice(i, i + CHUNK))
      .groupBy('shareId')
      .select('shareId')
      .count({ n: '*' })
      .max({ last: 'createdAt' });
    for (const r of rows) tallies.set(Number(r.shareId), { count: Number(r.n), lastAt: r.last === null ? null : Number(r.last) });
  }
  return tallies;
}

/** Each link's most recent view times, newest first, at most `perLink` each (capped in SQL, not after loading). */
export async function recentShareViews(db: Knex, shareIds: number[], perLink: number): Promise<Map<number, number[]>> {
  const recent = new Map<number, number[]>();
  if (shareIds.length === 0) return recent;
  const rows: Array<{ shareId: number | string; createdAt: number | string }> = await db
    .select('shareId', 'createdAt')
    .from(
      db('share_views')
        .whereIn('shareId', shareIds)
        .select('shareId', 'createdAt', db.raw('row_number() over (partition by share_id order by created_at desc, id desc) as n'))
        .as('ranked'),
    )
    .where('n', '<=', perLink)
    .orderBy('createdAt', 'desc');
  for (const row of rows) {
    const list = recent.get(Number(row.shareId)) ?? [];
    list.push(Number(row.createdAt));
    recent.set(Number(row.shareId), list);
  }
  return recent;
}
