/**
 * The text index's postings: for each word id, the positions whose text holds it, in increasing order, as a list
 * or (a common word) as a bitmap, with what a build does to them (renumbering, deciding which words keep a bitmap)
 * and their part of a snapshot. The words themselves are the vocabulary's (vocabulary.ts).
 */

import type { Packer, Unpacker } from './columns-file';

/** Whether a word held by `count` of `size` positions keeps a bitmap rather than a list (see `dense`). */
const isDense = (count: number, size: number) => count * 32 > size;

/** No positions. */
export const NONE = new Int32Array(0);

/** The first index of the ascending list[0, len) whose value is at least `value`. */
export function firstAtLeast(list: Int32Array, len: number, value: number): number {
  if (value <= 0) return 0;
  let lo = 0;
  let hi = len;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Each set bit of bits[] inside [from, to), as a position (bit p is bit p & 31 of bits[p >>> 5]), in increasing
 * order, through `visit`.
 */
function eachBit(bits: Int32Array, from: number, to: number, visit: (p: number) => void): void {
  const end = Math.min(to, bits.length * 32);
  for (let w = from >>> 5; w * 32 < end; w++) {
    let word = bitsIn(bits, w, from, end);
    while (word !== 0) {
      visit((w << 5) + 31 - Math.clz32(word & -word));
      word &= word - 1;
    }
  }
}

/** bits[w] without the bits of positions outside [from, end) (end at most bits.length * 32). */
export function bitsIn(bits: Int32Array, w: number, from: number, end: number): number {
  let word = bits[w];
  if (word !== 0 && w === from >>> 5) word &= -1 << (from & 31);
  if (word !== 0 && w === (end - 1) >>> 5 && (end & 31) !== 0) word &= (1 << (end & 31)) - 1;
  return word;
}

export class Postings {
  /** A word's positions in increasing order (the first `lengths[id]`), unless it is dense. */
  readonly lists: Int32Array[] = [];
  readonly lengths: number[] = [];
  /**
   * A common word's positions as a bitmap (bit p set: position p has it), null for the others: a word more than
   * one member in 32 has ("united", "engineer", a degree) takes less room so than as a list of 4-byte positions.
   * Only a build makes a word dense (`renumber` when clustering, `settle` after TextLog.buildIndex): at a million
   * members about 60 % of the word positions were in such words.
   */
  readonly dense: Array<Int32Array | null> = [];

  /** Room for the next word id, with no positions yet. */
  addWord(): void {
    this.lists.push(new Int32Array(4));
    this.lengths.push(0);
    this.dense.push(null);
  }

  /** Adds the position to the word's postings (positions only grow: see TextIndex.add). */
  add(id: number, position: number): void {
    const bits = this.dense[id];
    if (bits !== null) {
      this.setDense(id, bits, position);
      return;
    }
    let list = this.lists[id];
    const n = this.lengths[id];
    // A word twice in one text: positions only grow, so its list already ends with this one.
    if (n > 0 && list[n - 1] === position) return;
    if (n === list.length) {
      const bigger = new Int32Array(n < 64 ? n * 2 : Math.ceil(n * 1.25));
      bigger.set(list);
      this.lists[id] = list = bigger;
    }
    list[n] = position;
    this.lengths[id] = n + 1;
  }

  /** Sets the position in the dense word's bitmap, made longer when the position is past its end. */
  private setDense(id: number, bits: Int32Array, position: number): void {
    const w = position >>> 5;
    if (w >= bits.length) {
      const longer = new Int32Array(Math.max(w + 1, Math.ceil(bits.length * 1.25)));
      longer.set(bits);
      this.dense[id] = bits = longer;
    }
    bits[w] |= 1 << (position & 31);
  }

  /** The word's positions as a list, in increasing order, whichever way it keeps them; `n` of them. */
  listOf(id: number): { list: Int32Array; n: number } {
    const bits = this.dense[id];
    if (bits === null) return { list: this.lists[id], n: this.lengths[id] };
    const positions: number[] = [];
    eachBit(bits, 0, bits.length * 32, (p) => positions.push(p));
    // Room for at least four, as a new word gets (add doubles a full list).
    const list = new Int32Array(Math.max(4, positions.length));
    list.set(positions);
    return { list, n: positions.length };
  }

  /** Keeps the word as a list again (see `dense`). */
  private toList(id: number): void {
    const { list, n } = this.listOf(id);
    this.lists[id] = list;
    this.lengths[id] = n;
    this.dense[id] = null;
  }

  /** Adds from[0, m), each moved up by `offset` (above every position the word has), to the word's positions. */
  append(id: number, from: Int32Array, m: number, offset: number): void {
    // A word kept as a bitmap here stays one (a build's halves keep lists only: clustering decides for them).
    if (this.dense[id] !== null) {
      for (let k = 0; k < m; k++) this.add(id, from[k] + offset);
      return;
    }
    const n = this.lengths[id];
    let list = this.lists[id];
    if (n + m > list.length) {
      const bigger = new Int32Array(n + m);
      bigger.set(list.subarray(0, n));
      this.lists[id] = list = bigger;
    }
    for (let k = 0; k < m; k++) list[n + k] = from[k] + offset;
    this.lengths[id] = n + m;
  }

  /**
   * Positions renumbered (`next[p]`, -1: gone), each posting list in increasing order again: a short list by
   * sorting, a long one (a common word: "engineer", a country) through a bitmap of the new positions, read in
   * order, which costs a pass over the bitmap instead of a sort of a sizeable part of all members. A word then
   * held by more than one position in 32 keeps that bitmap as its positions (see `dense`), others a list.
   */
  renumber(next: Int32Array): void {
    let size = 0;
    for (let p = 0; p < next.length; p++) if (next[p] >= size) size = next[p] + 1;
    const words = (size >>> 5) + 1;
    let bits = new Int32Array(words);
    for (let id = 0; id < this.lists.length; id++) {
      if (this.dense[id] !== null) this.toList(id);
      const list = this.lists[id];
      const n = this.lengths[id];
      let kept = 0;
      if (n < next.length >>> 8) {
        for (let k = 0; k < n; k++) {
          const p = next[list[k]];
          if (p !== -1) list[kept++] = p;
        }
        list.subarray(0, kept).sort();
        this.lengths[id] = kept;
        continue;
      }
      for (let k = 0; k < n; k++) {
        const p = next[list[k]];
        if (p !== -1) {
          bits[p >>> 5] |= 1 << (p & 31);
          kept++;
        }
      }
      if (isDense(kept, size)) {
        this.dense[id] = bits;
        this.lists[id] = NONE;
        this.lengths[id] = 0;
        bits = new Int32Array(words);
        continue;
      }
      kept = 0;
      for (let w = 0; w < bits.length; w++) {
        let word = bits[w];
        if (word === 0) continue;
        bits[w] = 0;
        while (word !== 0) {
          list[kept++] = (w << 5) + 31 - Math.clz32(word & -word);
          word &= word - 1;
        }
      }
      this.lengths[id] = kept;
    }
  }

  /**
   * Each word held by more than one position in 32 of `size` keeps a bitmap as its positions (see `dense`), as
   * `renumber` decides: for an index built in position order rather than renumbered (TextLog.buildIndex).
   */
  settle(size: number): void {
    for (let id = 0; id < this.lists.length; id++) {
      if (this.dense[id] !== null || !isDense(this.lengths[id], size)) continue;
      const bits = new Int32Array((size >>> 5) + 1);
      const list = this.lists[id];
      for (let k = 0; k < this.lengths[id]; k++) bits[list[k] >>> 5] |= 1 << (list[k] & 31);
      this.dense[id] = bits;
      this.lists[id] = NONE;
      this.lengths[id] = 0;
    }
  }

  /**
   * Every posting list end to end (with where each starts; a dense word's is empty), and the dense words' bitmaps
   * end to end (with their ids and where each starts).
   */
  toSnapshot(packer: Packer): PostingsSnapshot {
    const words = this.lists.length;
    const starts = new Int32Array(words + 1);
    for (let id = 0; id < words; id++) starts[id + 1] = starts[id] + this.lengths[id];
    const all = new Int32Array(starts[words]);
    for (let id = 0; id < words; id++) all.set(this.lists[id].subarray(0, this.lengths[id]), starts[id]);
    const denseIds: number[] = [];
    const denseStarts = [0];
    for (let id = 0; id < words; id++) {
      const bits = this.dense[id];
      if (bits === null) continue;
      denseIds.push(id);
      denseStarts.push(denseStarts[denseStarts.length - 1] + bits.length);
    }
    const bitmaps = new Int32Array(denseStarts[denseStarts.length - 1]);
    for (const [k, id] of denseIds.entries()) bitmaps.set(this.dense[id] as Int32Array, denseStarts[k]);
    return {
      starts: packer.add(starts),
      postings: packer.add(all),
      denseIds: packer.add(Int32Array.from(denseIds)),
      denseStarts: packer.add(Int32Array.from(denseStarts)),
      bitmaps: packer.add(bitmaps),
    };
  }

  /** The postings of a snapshot of `words` words. */
  static fromSnapshot(snap: PostingsSnapshot, words: number, unpacker: Unpacker): Postings {
    const out = new Postings();
    const starts = unpacker.get(snap.starts, 'Int32Array');
    const all = unpacker.get(snap.postings, 'Int32Array');
    if (starts.length !== words + 1 || starts[words] !== all.length) throw new Error('snapshot: the text index does not add up');
    for (let id = 0; id < words; id++) {
      const n = starts[id + 1] - starts[id];
      // Room for at least four, as a new word gets: add doubles a full list, and twice nothing is nothing.
      const list = new Int32Array(Math.max(4, n));
      list.set(all.subarray(starts[id], starts[id + 1]));
      out.lists.push(list);
      out.lengths.push(n);
      out.dense.push(null);
    }
    const denseIds = unpacker.get(snap.denseIds, 'Int32Array');
    const denseStarts = unpacker.get(snap.denseStarts, 'Int32Array');
    const bitmaps = unpacker.get(snap.bitmaps, 'Int32Array');
    if (denseStarts.length !== denseIds.length + 1 || denseStarts[denseIds.length] !== bitmaps.length) throw new Error('snapshot: the text index does not add up');
    denseIds.forEach((id, k) => {
      if (id < 0 || id >= words || out.lengths[id] !== 0) throw new Error('snapshot: the text index does not add up');
      out.lists[id] = NONE;
      out.dense[id] = bitmaps.slice(denseStarts[k], denseStarts[k + 1]);
    });
    return out;
  }

  bytes(): number {
    let total = 0;
    for (const bits of this.dense) if (bits !== null) total += bits.byteLength;
    for (const list of this.lists) total += list.byteLength + 64;
    return total;
  }
}

export interface PostingsSnapshot {
  starts: number;
  postings: number;
  denseIds: number;
  denseStarts: number;
  bitmaps: number;
}
