import { isPlain } from './eligibility';
import { PositionList, countingSort, liveByBirthDate } from './groups';
import type { MemberStore } from './store';

/** Positions per block of `order` whose plain members are counted ahead (a count fits a byte). */
const BLOCK_SHIFT = 6;
const BLOCK = 1 << BLOCK_SHIFT;
/** Looking-for classes counted per block: anyone (0), and the two gender ids every index interns first. */
export const COUNTED_CLASSES = 3;

/**
 * The members of each (gender, country) ordered by birth date, with the plainly visible ones (isPlain) counted per
 * block of 64 by the gender they look for — so a search whose only filters on single members are countries and
 * ages has its total without visiting those members: per wanted gender and country, two binary searches for the age
 * range, the blocks' counts, and a visit only to the partial blocks at each end and to the members added since
 * (`tails`). The groups (groups.ts) cannot answer it: a country's members are spread over 360 culture groups in
 * runs of a few members each, and counting them was half of a filtered search's time.
 *
 * Made from the store when the index is clustered or restored (a few counting sorts); kept in step by
 * MemberIndex: a member changing in place moves between counts (`countPlain`), a member added or moved goes to
 * the tail of its (gender, country) and is visited.
 */
export class PlaceCounts {
  private readonly tails = new Map<number, PositionList>();

  private constructor(
    /** live positions at the making, by (gender, country), then birth date, then position */
    readonly order: Int32Array,
    /** where each (gender, country)'s slice of `order` begins (gender × countries + country); one more at the end */
    private readonly starts: Int32Array,
    /** per block of `order` and looking-for class, how many plain members it holds */
    private readonly blocks: Uint8Array,
    private readonly genders: number,
    private readonly countries: number,
    /** positions from here on were added after the making (they are in `tails`) */
    private readonly made: number,
    private readonly countryOf: (place: number) => number,
  ) {}

  static make(s: MemberStore, countryOf: (place: number) => number, genders: number, countries: number): PlaceCounts {
    // Birth date first, then (gender, country): counting sorts, both stable.
    let order = liveByBirthDate(s);
    const n = order.length;
    const key = new Int32Array(s.size);
    const keys = genders * countries;
    for (let i = 0; i < n; i++) {
      const p = order[i];
      key[p] = s.gender[p] * countries + countryOf(s.place.a[p]);
    }
    order = countingSort(order, key, keys);
    const starts = new Int32Array(keys + 1);
    for (let i = 0; i < n; i++) starts[key[order[i]] + 1]++;
    for (let k = 1; k <= keys; k++) starts[k] += starts[k - 1];
    const blocks = new Uint8Array(((n + BLOCK - 1) >> BLOCK_SHIFT) * COUNTED_CLASSES);
    for (let i = 0; i < n; i++) {
      const p = order[i];
      const lf = s.lookingFor[p];
      if (lf < COUNTED_CLASSES && isPlain(s.flags[p])) blocks[(i >> BLOCK_SHIFT) * COUNTED_CLASSES + lf]++;
    }
    return new PlaceCounts(order, starts, blocks, genders, countries, s.size, countryOf);
  }

  private key(gender: number, country: number): number {
    return gender < this.genders && country < this.countries ? gender * this.countries + country : -1;
  }

  /** The slice of `order` holding (gender, country)'s members from the making ([from, to); empty for a newer pair). */
  slice(gender: number, country: number): [number, number] {
    const k = this.key(gender, country);
    return k === -1 ? [0, 0] : [this.starts[k], this.starts[k + 1]];
  }

  /** The plain members of block `b` looking for anyone (class 0) or for the gender `lookingFor` (1, 2). */
  blockCount(b: number, lookingFor: number): number {
    return this.blocks[b * COUNTED_CLASSES + lookingFor];
  }

  /** The members of (gender, country) added since the making, or null. */
  tail(gender: number, country: number): PositionList | null {
    return this.tails.get(gender * 65536 + country) ?? null;
  }

  /** A position appended to the store: visited by counts until the next making. */
  added(s: MemberStore, p: number): void {
    const k = s.gender[p] * 65536 + this.countryOf(s.place.a[p]);
    let tail = this.tails.get(k);
    if (!tail) this.tails.set(k, (tail = new PositionList()));
    tail.add(p);
  }

  /**
   * A position's plain state changes by `delta` (MemberIndex calls it with the member's values before a change,
   * -1, and after it, +1). Gender, country and birth date never change in place (a member changing them moves).
   */
  countPlain(s: MemberStore, p: number, delta: number): void {
    if (p >= this.made) return;
    const lf = s.lookingFor[p];
    if (lf >= COUNTED_CLASSES) return;
    const [from, to] = this.slice(s.gender[p], this.countryOf(s.place.a[p]));
    // Within a slice, ordered by (birth date, position): one binary search finds it.
    const dob = s.dob[p];
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const q = this.order[mid];
      if (s.dob[q] < dob || (s.dob[q] === dob && q < p)) lo = mid + 1;
      else hi = mid;
    }
    if (lo === to || this.order[lo] !== p) throw new Error('place counts: a live position is not where its birth date puts it');
    this.blocks[(lo >> BLOCK_SHIFT) * COUNTED_CLASSES + lf] += delta;
  }

  bytes(): number {
    let tails = 0;
    for (const t of this.tails.values()) tails += t.a.byteLength + 48;
    return this.order.byteLength + this.starts.byteLength + this.blocks.byteLength + tails;
  }
}

export { BLOCK, BLOCK_SHIFT };
