import type { Packer, Unpacker } from './columns-file';
import { PLACEMENTS } from './kundali-table';
import { F_LIVE, type MemberStore, NO_DOB, NO_MOON } from './store';

/** `items` stably sorted by `key[item]`, each key in 0..size-1. */
export function countingSort(items: Int32Array, key: Int32Array, size: number): Int32Array {
  const start = new Int32Array(size + 1);
  for (let i = 0; i < items.length; i++) start[key[items[i]] + 1]++;
  for (let k = 1; k <= size; k++) start[k] += start[k - 1];
  const out = new Int32Array(items.length);
  for (let i = 0; i < items.length; i++) out[start[key[items[i]]]++] = items[i];
  return out;
}

/** The live positions of the store by birth date (missing ones first: NO_DOB is the smallest value), then position. */
export function liveByBirthDate(s: MemberStore): Int32Array {
  const all = new Int32Array(s.size);
  let n = 0;
  let minDob = Number.POSITIVE_INFINITY;
  let maxDob = Number.NEGATIVE_INFINITY;
  for (let p = 0; p < s.size; p++) {
    if ((s.flags[p] & F_LIVE) === 0) continue;
    all[n++] = p;
    const dob = s.dob[p];
    if (dob !== NO_DOB) {
      if (dob < minDob) minDob = dob;
      if (dob > maxDob) maxDob = dob;
    }
  }
  const live = all.subarray(0, n);
  const key = new Int32Array(s.size);
  for (let i = 0; i < n; i++) {
    const p = live[i];
    key[p] = s.dob[p] === NO_DOB ? 0 : s.dob[p] - minDob + 1;
  }
  return countingSort(live, key, maxDob >= minDob ? maxDob - minDob + 2 : 1);
}

/** A growable list of positions (append-only; dead positions are skipped by their flags). */
export class PositionList {
  a = new Int32Array(8);
  n = 0;
  /** The list becomes exactly the positions from..to-1. */
  fill(from: number, to: number): void {
    this.a = new Int32Array(to - from);
    for (let i = from; i < to; i++) this.a[i - from] = i;
    this.n = to - from;
  }
  add(position: number): void {
    if (this.n === this.a.length) {
      const bigger = new Int32Array(Math.ceil(this.a.length * 1.5) + 8);
      bigger.set(this.a);
      this.a = bigger;
    }
    this.a[this.n++] = position;
  }
}

/** Index of a group's plain count of every placement; below it, counts by Moon placement (PLACEMENTS: no Moon). */
export const PLAIN_ALL = PLACEMENTS + 1;

/** One position more (+1) or less (-1) in the group's plain counts. */
export function countInto(g: Group, lookingFor: number, moon: number, delta: number): void {
  let counts = g.plain.get(lookingFor);
  if (!counts) g.plain.set(lookingFor, (counts = new Int32Array(PLAIN_ALL + 1)));
  counts[moon === NO_MOON ? PLACEMENTS : moon] += delta;
  counts[PLAIN_ALL] += delta;
}

/** One (gender, culture) group: its positions and how many of them any member may be shown (see `plain`). */
export interface Group {
  gender: number;
  culture: number;
  positions: PositionList;
  /**
   * After the start-up build, the list begins with its members ordered by (country, birth date): `runs` holds
   * (country id, first index, end index) for each country, so a query filtering on countries and ages reads only
   * the matching stretches of that part (and, whole, the members added since, from `sorted` on).
   */
  runs: Int32Array;
  sorted: number;
  /**
   * Live positions the policy lets every member see, by the id of the gender they look for: counts by Moon
   * placement (`PLAIN_ALL`: all of them), so a guna minimum's total is read from the counts too.
   */
  plain: Map<number, Int32Array>;
}

/**
 * Positions grouped by gender and by culture tuple (religion, mother tongue, return plans, integration, verified).
 * The culture tuple is the score's heaviest part (39 of 100 points), so a query can bound what a whole group may
 * reach and leave out groups that cannot enter its top results (scan.ts); and the counts of plainly visible
 * members per group and wanted gender give the total of an unfiltered search without visiting anyone.
 */
export class Groups {
  private readonly byKey = new Map<number, Group>();
  private readonly byGender = new Map<number, Group[]>();

  private key(gender: number, culture: number): number {
    return culture * 256 + gender;
  }

  group(gender: number, culture: number): Group {
    const key = this.key(gender, culture);
    let g = this.byKey.get(key);
    if (!g) {
      g = { gender, culture, positions: new PositionList(), plain: new Map(), runs: new Int32Array(0), sorted: 0 };
      this.byKey.set(key, g);
      let list = this.byGender.get(gender);
      if (!list) this.byGender.set(gender, (list = []));
      list.push(g);
    }
    return g;
  }

  /** The groups of one gender, or of every gender (null). */
  of(gender: number | null): Group[] {
    if (gender !== null) return this.byGender.get(gender) ?? [];
    return [...this.byGender.values()].flat();
  }

  /** Adds (+1) or removes (-1) a position (of Moon placement `moon`, NO_MOON for none) from its group's plain counts. */
  countPlain(gender: number, culture: number, lookingFor: number, moon: number, delta: number): void {
    countInto(this.group(gender, culture), lookingFor, moon, delta);
  }

  /** Every group in `of(null)`'s order, its arrays in the packer. */
  toSnapshot(packer: Packer): GroupSnapshot[] {
    return this.of(null).map((g) => ({
      gender: g.gender,
      culture: g.culture,
      positions: packer.add(g.positions.a.subarray(0, g.positions.n)),
      runs: packer.add(g.runs),
      sorted: g.sorted,
      plain: [...g.plain].map(([lookingFor, counts]) => [lookingFor, packer.add(counts)] as [number, number]),
    }));
  }

  static fromSnapshot(snaps: GroupSnapshot[], unpacker: Unpacker): Groups {
    const out = new Groups();
    // Made in the same order, so each gender's list (and `of(null)`) keeps the order it had.
    for (const snap of snaps) {
      const g = out.group(snap.gender, snap.culture);
      const positions = unpacker.get(snap.positions, 'Int32Array');
      g.positions.a = positions.length ? positions : new Int32Array(8);
      g.positions.n = positions.length;
      g.runs = unpacker.get(snap.runs, 'Int32Array');
      g.sorted = snap.sorted;
      for (const [lookingFor, n] of snap.plain) {
        const counts = unpacker.get(n, 'Int32Array');
        if (counts.length !== PLAIN_ALL + 1) throw new Error('snapshot: plain counts of another shape');
        g.plain.set(lookingFor, counts);
      }
    }
    return out;
  }

  bytes(): number {
    let total = 0;
    for (const g of this.byKey.values()) total += g.positions.a.byteLength + 64 + g.plain.size * (PLAIN_ALL + 1) * 4 + 48;
    return total;
  }
}

export interface GroupSnapshot {
  gender: number;
  culture: number;
  positions: number;
  runs: number;
  sorted: number;
  plain: Array<[number, number]>;
}
