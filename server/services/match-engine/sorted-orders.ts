import type { SearchSort } from '../../../contracts/discovery';
import { PositionList } from './groups';
import type { ScanPlan } from './scan-plan';
import { F_LIVE, type MemberStore, NO_DOB, NO_HOUR } from './store';
import { type TopK, sweep } from './sweep';

/**
 * Members presorted for the searches sorted by a column rather than the score (newest, active, age): per column and
 * gender, the live positions by (key desc, profile id asc), the order of a sorted page. A sorted search walks the
 * wanted gender's order from its cursor and stops once no later member can enter its page, instead of sweeping every
 * member of that gender.
 *
 * Made by radix sorts when the index is clustered or restored. Kept in step by MemberIndex: a position added, or
 * whose key changes in place (last active moves forward every hour a member is active), is marked stale in that
 * column (the walk skips its entry) and goes to the column's tail for its gender, which every sorted search sweeps
 * whole. A tail grown past a 32nd of its order is sorted and merged in, dropping dead and stale entries.
 */

/** The store columns searches sort by, in `SortedOrders`' column numbering. */
export const SORT_COLUMNS = ['createdMinute', 'activeHour', 'dob'] as const;
/** Each column's value for "none" (no creation time, never active, no birth date): below every real one. */
const SORT_NONE = [0, NO_HOUR, NO_DOB];

/** The column a search sort reads (newest: created, active: last active, age: birth date), or null for the score. */
export function sortColumnOf(sort: SearchSort | undefined): number | null {
  return sort === 'newest' ? 0 : sort === 'active' ? 1 : sort === 'age' ? 2 : null;
}

interface Order {
  /** positions by (key desc, profile id asc) as of the making or the last merge; stale or dead entries are skipped */
  positions: Int32Array;
  /** positions added or whose key changed since, each once (its stale bit set) */
  tail: PositionList;
}

/** The walk's non-stale entries, gathered a stretch at a time for the sweep (a walk is synchronous). */
let stretch = new Int32Array(4096);

export class SortedOrders {
  /** per column, per gender */
  private readonly orders: Array<Map<number, Order>>;
  /** per position, bit c: its entry in column c's order is not to be read (the position is in the tail) */
  private stale: Uint8Array;

  private constructor(
    orders: Array<Map<number, Order>>,
    capacity: number,
    /** a tail is merged once it holds more than this plus a 32nd of its order */
    private readonly minTail: number,
  ) {
    this.orders = orders;
    this.stale = new Uint8Array(capacity);
  }

  /**
   * The orders of the store's live positions: by profile id, each gender apart, then by each column's key (all
   * stable). `minTail`: see the constructor (tests merge after a few entries).
   */
  static make(s: MemberStore, minTail = 256): SortedOrders {
    let n = 0;
    const live = new Int32Array(s.size);
    for (let p = 0; p < s.size; p++) if (s.flags[p] & F_LIVE) live[n++] = p;
    let minId = Number.POSITIVE_INFINITY;
    for (let i = 0; i < n; i++) minId = Math.min(minId, s.profileId[live[i]]);
    const values = new Uint32Array(n);
    for (let i = 0; i < n; i++) values[i] = s.profileId[live[i]] - minId;
    const byId = radixSort(live.subarray(0, n), values);
    const perGender = new Map<number, number>();
    for (let i = 0; i < n; i++) perGender.set(s.gender[byId[i]], (perGender.get(s.gender[byId[i]]) ?? 0) + 1);
    const genders = new Map<number, { positions: Int32Array; n: number }>();
    for (const [gender, count] of perGender) genders.set(gender, { positions: new Int32Array(count), n: 0 });
    for (let i = 0; i < n; i++) {
      const g = genders.get(s.gender[byId[i]]) as { positions: Int32Array; n: number };
      g.positions[g.n++] = byId[i];
    }
    const orders = SORT_COLUMNS.map((column, c) => {
      const key = s[column];
      const none = SORT_NONE[c];
      const out = new Map<number, Order>();
      for (const [gender, { positions }] of genders) {
        let max = Number.NEGATIVE_INFINITY;
        let min = Number.POSITIVE_INFINITY;
        for (let i = 0; i < positions.length; i++) {
          const k = key[positions[i]];
          if (k === none) continue;
          if (k > max) max = k;
          if (k < min) min = k;
        }
        // Highest key first: ascending by (max - key); "none", below every key, last (one past the range).
        const down = new Uint32Array(positions.length);
        for (let i = 0; i < positions.length; i++) {
          const k = key[positions[i]];
          down[i] = k === none ? max - min + 1 : max - k;
        }
        out.set(gender, { positions: radixSort(positions.slice(), down), tail: new PositionList() });
      }
      return out;
    });
    return new SortedOrders(orders, s.capacity, minTail);
  }

  /** A position appended to the store (a new member, or one who moved): in every column's tail until merged. */
  added(s: MemberStore, p: number): void {
    this.fit(s);
    for (let c = 0; c < SORT_COLUMNS.length; c++) this.toTail(s, p, c);
  }

  /** Position `p`'s key in column `column` changed in place. */
  changed(s: MemberStore, p: number, column: number): void {
    this.fit(s);
    this.toTail(s, p, column);
  }

  private fit(s: MemberStore): void {
    if (this.stale.length < s.capacity) {
      const next = new Uint8Array(s.capacity);
      next.set(this.stale);
      this.stale = next;
    }
  }

  private toTail(s: MemberStore, p: number, c: number): void {
    const bit = 1 << c;
    if (this.stale[p] & bit) return;
    this.stale[p] |= bit;
    const o = this.order(c, s.gender[p]);
    o.tail.add(p);
    if (o.tail.n > this.minTail + (o.positions.length >> 5)) this.merge(s, c, o);
  }

  private order(c: number, gender: number): Order {
    let o = this.orders[c].get(gender);
    if (!o) this.orders[c].set(gender, (o = { positions: new Int32Array(0), tail: new PositionList() }));
    return o;
  }

  /** The tail sorted and merged into the order; dead and stale entries dropped. */
  private merge(s: MemberStore, c: number, o: Order): void {
    const key = s[SORT_COLUMNS[c]];
    const ids = s.profileId;
    const bit = 1 << c;
    const tail = o.tail.a.subarray(0, o.tail.n);
    const adds = Int32Array.from(tail.filter((p) => (s.flags[p] & F_LIVE) !== 0)).sort((a, b) => key[b] - key[a] || ids[a] - ids[b]);
    const out = new Int32Array(o.positions.length + adds.length);
    let m = 0;
    let j = 0;
    for (let i = 0; i < o.positions.length; i++) {
      const p = o.positions[i];
      if ((this.stale[p] & bit) !== 0 || (s.flags[p] & F_LIVE) === 0) continue;
      while (j < adds.length && (key[adds[j]] > key[p] || (key[adds[j]] === key[p] && ids[adds[j]] < ids[p]))) out[m++] = adds[j++];
      out[m++] = p;
    }
    while (j < adds.length) out[m++] = adds[j++];
    for (const p of tail) this.stale[p] &= ~bit;
    o.positions = out.slice(0, m);
    o.tail = new PositionList();
  }

  /**
   * Offers `top` the members of `gender` in column `column`'s order that the plan keeps: the tail whole, then the
   * order from the plan's cursor on, a stretch at a time, until the next entry cannot enter `top`. The plan's
   * sortKey must be that column.
   */
  walk(s: MemberStore, plan: ScanPlan, column: number, gender: number, top: TopK): void {
    const o = this.orders[column].get(gender);
    if (!o) return;
    if (o.tail.n > 0) sweep(s, plan, o.tail.a, 0, o.tail.n, top);
    const key = plan.sortKey as Int32Array;
    const ids = s.profileId;
    const list = o.positions;
    const stale = this.stale;
    const bit = 1 << column;
    const n = list.length;
    let i = plan.after === null ? 0 : this.firstAfter(list, key, ids, bit, plan.after.key, plan.after.profileId);
    // A page with few filters fills from the first stretch; with many, stretches double up to 4,096 entries.
    let size = plan.k;
    while (i < n) {
      while (i < n && (stale[list[i]] & bit) !== 0) i++;
      if (i === n || top.excludes(key[list[i]], ids[list[i]])) return;
      if (stretch.length < size) stretch = new Int32Array(size);
      let m = 0;
      while (i < n && m < size) {
        const p = list[i++];
        if ((stale[p] & bit) === 0) stretch[m++] = p;
      }
      sweep(s, plan, stretch, 0, m, top);
      size = Math.min(size * 2, 4096);
    }
  }

  /**
   * The first index of `list` from which every entry not stale comes after (key, id) in (key desc, id asc): the
   * entries before were on earlier pages. Stale entries have no place in the order, so a probe moves past them.
   */
  private firstAfter(list: Int32Array, key: Int32Array, ids: Int32Array, bit: number, afterKey: number, afterId: number): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      let j = mid;
      while (j < hi && (this.stale[list[j]] & bit) !== 0) j++;
      if (j === hi) {
        hi = mid;
        continue;
      }
      const k = key[list[j]];
      if (k > afterKey || (k === afterKey && ids[list[j]] <= afterId)) lo = j + 1;
      else hi = mid;
    }
    return lo;
  }

  bytes(): number {
    let total = this.stale.byteLength;
    for (const byGender of this.orders) for (const o of byGender.values()) total += o.positions.byteLength + o.tail.a.byteLength;
    return total;
  }
}

/**
 * `positions` stably sorted by `values` ascending (values[i] belongs to positions[i]): a least-significant-digit
 * radix sort in as few passes of at most 16 bits as the largest value needs, the bits shared evenly between them
 * (fewer buckets stay in cache: 65,536 of them made a pass three times slower than 2,048). Both arrays are used
 * as scratch.
 */
function radixSort(positions: Int32Array, values: Uint32Array): Int32Array {
  const n = positions.length;
  let max = 0;
  for (let i = 0; i < n; i++) if (values[i] > max) max = values[i];
  const bits = 32 - Math.clz32(max);
  const passes = Math.ceil(bits / 16);
  const digit = Math.ceil(bits / Math.max(1, passes));
  const mask = (1 << digit) - 1;
  let pos: Int32Array = positions;
  let val: Uint32Array = values;
  let posNext: Int32Array = new Int32Array(n);
  let valNext: Uint32Array = new Uint32Array(n);
  const count = new Int32Array(mask + 2);
  for (let pass = 0, shift = 0; pass < passes; pass++, shift += digit) {
    count.fill(0);
    for (let i = 0; i < n; i++) count[((val[i] >>> shift) & mask) + 1]++;
    for (let d = 1; d <= mask + 1; d++) count[d] += count[d - 1];
    for (let i = 0; i < n; i++) {
      const at = count[(val[i] >>> shift) & mask]++;
      posNext[at] = pos[i];
      valNext[at] = val[i];
    }
    [pos, posNext] = [posNext, pos];
    [val, valNext] = [valNext, val];
  }
  return pos;
}
