/**
 * The members a member already knows from a saved search: everyone it found when it was saved or when alerts were
 * turned on, and at every alert since, so the next alert names only members new to it. A member who leaves the
 * search and comes back is not new. Kept in the row as profile ids in order, each as its distance from the one
 * before in base 36 ("1c,2,a": ids 48, 50, 60): about 3 bytes a member.
 */

/** Most members remembered per search; past it only the current results are kept (older departures forgotten). */
export const SEEN_MAX = 10_000;

export function unpackSeen(packed: string): Set<number> {
  const out = new Set<number>();
  if (!packed) return out;
  let id = 0;
  for (const part of packed.split(',')) {
    const step = Number.parseInt(part, 36);
    if (!Number.isSafeInteger(step) || step <= 0) continue;
    id += step;
    out.add(id);
  }
  return out;
}

export function packSeen(ids: Iterable<number>): string {
  const sorted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0).sort((a, b) => a - b);
  let last = 0;
  const parts: string[] = [];
  for (const id of sorted) {
    parts.push((id - last).toString(36));
    last = id;
  }
  return parts.join(',');
}

/** What to remember after a look: what was known and what the search finds now (only the latter past SEEN_MAX). */
export function rememberSeen(known: Set<number>, found: number[]): string {
  const union = new Set(known);
  for (const id of found) union.add(id);
  return packSeen(union.size > SEEN_MAX ? found : union);
}
