/**
 * Full-text search over profiles' search text (name, city, country, profession, education, lower-cased and
 * accent-free when saved), with the behaviour search always had: every token of the query must appear inside the
 * text (case- and accent-insensitive, any part of a word: "engin" finds "engineer"). A token holds only
 * [a-z0-9'], so it appears in the text exactly when it appears inside one of the text's runs of those characters:
 * the index keeps each distinct run once (the vocabulary) with the positions of the members whose text has it.
 * A query scans the vocabulary (a few thousand words, remembered per token) and unions the postings.
 * Append-only: a member whose text changes is given a new position by the store.
 */

import type { Packer, Unpacker } from './columns-file';

const stripAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** The query's tokens, as the full-text search has always read them (at most 8). */
export function searchTokens(query: string | undefined): string[] {
  if (!query) return [];
  return stripAccents(query)
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * A string of its own with the characters of `s`: a slice of 13 characters or more points into the text it was
 * cut from (a row, or a whole page of rows read at once) and would keep that alive as long as the slice is kept.
 */
export const ownCopy = (s: string): string => (s.length < 13 ? s : s.split('').join(''));

/** FNV-1a's constants (TextLog hashes with them too, in its own pass over a text). */
export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 16777619;

/** Whether a word held by `count` of `size` positions keeps a bitmap rather than a list (see `dense`). */
const isDense = (count: number, size: number) => count * 32 > size;

/** A cheap 32-bit hash of a text (FNV-1a), to notice when a member's text changed. */
export function textHash(text: string | null): number {
  return hashOf(text ?? '', 0, (text ?? '').length);
}

/** FNV-1a of s[from, to). */
export function hashOf(s: string, from: number, to: number): number {
  let h = FNV_OFFSET;
  for (let i = from; i < to; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h | 0;
}

/** What an ASCII character is to the word reader: 0 between words, 1 in a word ([a-z0-9']), 2 upper case. */
const CHAR_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) CHAR_CLASS[c] = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 39 ? 1 : c >= 65 && c <= 90 ? 2 : 0;

/** Every position: one span. */
const WHOLE = Int32Array.of(0, 0x7fffffff);

/** The first index of the ascending list[0, len) whose value is at least `value`. */
function firstAtLeast(list: Int32Array, len: number, value: number): number {
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

/** No positions. */
const NONE = new Int32Array(0);

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
function bitsIn(bits: Int32Array, w: number, from: number, end: number): number {
  let word = bits[w];
  if (word !== 0 && w === from >>> 5) word &= -1 << (from & 31);
  if (word !== 0 && w === (end - 1) >>> 5 && (end & 31) !== 0) word &= (1 << (end & 31)) - 1;
  return word;
}

export class TextIndex {
  private readonly words: string[] = [];
  /** A word's positions in increasing order (the first `lengths[id]`), unless it is dense. */
  private postings: Int32Array[] = [];
  private lengths: number[] = [];
  /**
   * A common word's positions as a bitmap (bit p set: position p has it), null for the others: a word more than
   * one member in 32 has ("united", "engineer", a degree) takes less room so than as a list of 4-byte positions.
   * Only a build makes a word dense (`renumber` when clustering, `settle` after TextLog.buildIndex): at a million
   * members about 60 % of the word positions were in such words.
   */
  private dense: Array<Int32Array | null> = [];
  /**
   * The vocabulary by hash (open addressing: word id + 1, 0 empty; at most half full), so a word is found from
   * the characters of the text it stands in, without cutting it out as a string of its own first.
   */
  private slots = new Int32Array(1024);
  private readonly tokenWords = new Map<string, { scanned: number; ids: number[] }>();
  private mark = new Uint8Array(1024);
  private found = new Int32Array(1024);

  /**
   * Indexes the text (text[from, to) of a longer one: read in place, a slice is slower to read character by
   * character) at the position; returns its textHash, worked out in the same pass.
   */
  add(position: number, text: string | null, from = 0, to = text?.length ?? 0): number {
    if (!text || from === to) return textHash(null);
    // The words are the runs of [a-z0-9'] of the lower-cased text. Stored texts are lower-case ASCII already, so
    // their words are read in place (a million texts at start-up); other texts go through toLowerCase, which can
    // turn a non-ASCII letter into an ASCII one ('K' → 'k').
    let start = -1;
    let h = FNV_OFFSET;
    let whole = FNV_OFFSET;
    for (let i = from; i < to; i++) {
      const c = text.charCodeAt(i);
      whole = Math.imul(whole ^ c, FNV_PRIME);
      const kind = c < 128 ? CHAR_CLASS[c] : 2;
      if (kind === 1) {
        if (start === -1) {
          start = i;
          h = FNV_OFFSET;
        }
        h = Math.imul(h ^ c, FNV_PRIME);
      } else if (kind === 0) {
        if (start !== -1) this.addWord(position, text, start, i, h | 0);
        start = -1;
      } else {
        const own = text.slice(from, to);
        for (const word of own.toLowerCase().split(/[^a-z0-9']+/)) if (word) this.addWord(position, word, 0, word.length, hashOf(word, 0, word.length));
        return textHash(own);
      }
    }
    if (start !== -1) this.addWord(position, text, start, to, h | 0);
    return whole | 0;
  }

  /** Adds the position to the postings of the word text[from, to) (of hash `hash`: see hashOf). */
  private addWord(position: number, text: string, from: number, to: number, hash: number): void {
    this.addPosition(this.wordId(text, from, to, hash), position);
  }

  /** Adds the position to the word's postings (positions only grow: see `add`). */
  private addPosition(id: number, position: number): void {
    const bits = this.dense[id];
    if (bits !== null) {
      this.setDense(id, bits, position);
      return;
    }
    let list = this.postings[id];
    const n = this.lengths[id];
    // A word twice in one text: positions only grow, so its list already ends with this one.
    if (n > 0 && list[n - 1] === position) return;
    if (n === list.length) {
      const bigger = new Int32Array(n < 64 ? n * 2 : Math.ceil(n * 1.25));
      bigger.set(list);
      this.postings[id] = list = bigger;
    }
    list[n] = position;
    this.lengths[id] = n + 1;
  }

  /** The id of the word text[from, to), added to the vocabulary when new. */
  private wordId(text: string, from: number, to: number, hash: number): number {
    const mask = this.slots.length - 1;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const slot = this.slots[i];
      if (slot === 0) break;
      const word = this.words[slot - 1];
      // startsWith compares in place, without a string cut out (6 % less time for the whole add than a loop here).
      if (word.length === to - from && text.startsWith(word, from)) return slot - 1;
    }
    const id = this.words.length;
    this.words.push(ownCopy(text.slice(from, to)));
    this.postings.push(new Int32Array(4));
    this.lengths.push(0);
    this.dense.push(null);
    if (this.words.length * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    else this.place(id, hash);
    return id;
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
  private listOf(id: number): { list: Int32Array; n: number } {
    const bits = this.dense[id];
    if (bits === null) return { list: this.postings[id], n: this.lengths[id] };
    const positions: number[] = [];
    eachBit(bits, 0, bits.length * 32, (p) => positions.push(p));
    // Room for at least four, as a new word gets (addWord doubles a full list).
    const list = new Int32Array(Math.max(4, positions.length));
    list.set(positions);
    return { list, n: positions.length };
  }

  /** Keeps the word as a list again (see `dense`). */
  private toList(id: number): void {
    const { list, n } = this.listOf(id);
    this.postings[id] = list;
    this.lengths[id] = n;
    this.dense[id] = null;
  }

  private place(id: number, hash: number): void {
    const mask = this.slots.length - 1;
    let i = hash & mask;
    while (this.slots[i] !== 0) i = (i + 1) & mask;
    this.slots[i] = id + 1;
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(size);
    for (let id = 0; id < this.words.length; id++) this.place(id, hashOf(this.words[id], 0, this.words[id].length));
  }

  /**
   * Another index's words and postings added after these, its positions moved up by `offset` (above every
   * position here): new words get ids in the other index's order, as if its texts had been added after these.
   * The other half of a start-up build, or the members moved while a deferred text index was built (TextLog).
   */
  absorb(other: TextIndex, offset: number): void {
    for (let j = 0; j < other.words.length; j++) {
      const word = other.words[j];
      const id = this.wordId(word, 0, word.length, hashOf(word, 0, word.length));
      const { list: from, n: m } = other.listOf(j);
      // A word kept as a bitmap here stays one (a build's halves keep lists only: clustering decides for them).
      if (this.dense[id] !== null) {
        for (let k = 0; k < m; k++) this.addPosition(id, from[k] + offset);
        continue;
      }
      const n = this.lengths[id];
      let list = this.postings[id];
      if (n + m > list.length) {
        const bigger = new Int32Array(n + m);
        bigger.set(list.subarray(0, n));
        this.postings[id] = list = bigger;
      }
      for (let k = 0; k < m; k++) list[n + k] = from[k] + offset;
      this.lengths[id] = n + m;
    }
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
    for (let id = 0; id < this.postings.length; id++) {
      if (this.dense[id] !== null) this.toList(id);
      const list = this.postings[id];
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
        this.postings[id] = NONE;
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
    for (let id = 0; id < this.words.length; id++) {
      if (this.dense[id] !== null || !isDense(this.lengths[id], size)) continue;
      const bits = new Int32Array((size >>> 5) + 1);
      const list = this.postings[id];
      for (let k = 0; k < this.lengths[id]; k++) bits[list[k] >>> 5] |= 1 << (list[k] & 31);
      this.dense[id] = bits;
      this.postings[id] = NONE;
      this.lengths[id] = 0;
    }
  }

  /** Ids of the words that contain `token`, remembered and extended as the vocabulary grows. */
  private wordsWith(token: string): number[] {
    let entry = this.tokenWords.get(token);
    if (!entry) {
      entry = { scanned: 0, ids: [] };
      if (this.tokenWords.size >= 5000) this.tokenWords.clear();
      this.tokenWords.set(token, entry);
    }
    for (let id = entry.scanned; id < this.words.length; id++) if (this.words[id].includes(token)) entry.ids.push(id);
    entry.scanned = this.words.length;
    return entry.ids;
  }

  /**
   * The positions whose text holds every token, each once, in no particular order (dead positions may be among
   * them: the caller checks flags as for any other). Token t moves up the positions the previous tokens reached
   * (a mark per position, one word list after another); the last token's newly reached positions are the hits,
   * and the marks are cleared before returning (every marked position is in the first token's lists). With
   * `spans` (pairs [from, to) of positions, ascending), only positions inside them: posting lists are in position
   * order, so each span of a list is found by binary search. The returned array is reused by the next call.
   */
  hits(tokens: string[], capacity: number, spans: Int32Array | null = null): Int32Array {
    if (this.mark.length < capacity) this.mark = new Uint8Array(capacity);
    const mark = this.mark;
    const last = tokens.length - 1;
    const cuts = spans ?? WHOLE;
    let found = this.found;
    let n = 0;
    const reach = (p: number, t: number) => {
      if (mark[p] !== t) return;
      mark[p] = t + 1;
      if (t !== last) return;
      if (n === found.length) {
        const bigger = new Int32Array(found.length * 2);
        bigger.set(found);
        this.found = found = bigger;
      }
      found[n++] = p;
    };
    for (let t = 0; t <= last; t++) {
      for (const id of this.wordsWith(tokens[t])) {
        const bits = this.dense[id];
        if (bits !== null) {
          // The bit loop written out here (not eachBit): a callback per position made common words 30 % slower.
          for (let c = 0; c < cuts.length; c += 2) {
            const end = Math.min(cuts[c + 1], bits.length * 32);
            for (let w = cuts[c] >>> 5; w * 32 < end; w++) {
              let word = bitsIn(bits, w, cuts[c], end);
              while (word !== 0) {
                reach((w << 5) + 31 - Math.clz32(word & -word), t);
                word &= word - 1;
              }
            }
          }
          continue;
        }
        const list = this.postings[id];
        const len = this.lengths[id];
        for (let c = 0; c < cuts.length; c += 2) {
          const end = cuts[c + 1];
          for (let k = firstAtLeast(list, len, cuts[c]); k < len; k++) {
            const p = list[k];
            if (p >= end) break;
            reach(p, t);
          }
        }
      }
    }
    // Every mark is cleared: one pass over the marks when a dense word's bits set them, else list by list.
    if (this.wordsWith(tokens[0]).some((id) => this.dense[id] !== null)) {
      mark.fill(0);
      return found.subarray(0, n);
    }
    for (const id of this.wordsWith(tokens[0])) {
      const list = this.postings[id];
      const len = this.lengths[id];
      for (let c = 0; c < cuts.length; c += 2) {
        const end = cuts[c + 1];
        for (let k = firstAtLeast(list, len, cuts[c]); k < len && list[k] < end; k++) mark[list[k]] = 0;
      }
    }
    return found.subarray(0, n);
  }

  /**
   * The vocabulary, every posting list end to end (with where each starts; a dense word's is empty), the dense
   * words' bitmaps end to end (with their ids and where each starts) and the hash slots.
   */
  toSnapshot(packer: Packer): TextSnapshot {
    const starts = new Int32Array(this.words.length + 1);
    for (let id = 0; id < this.words.length; id++) starts[id + 1] = starts[id] + this.lengths[id];
    const all = new Int32Array(starts[this.words.length]);
    for (let id = 0; id < this.words.length; id++) all.set(this.postings[id].subarray(0, this.lengths[id]), starts[id]);
    const denseIds: number[] = [];
    const denseStarts = [0];
    for (let id = 0; id < this.words.length; id++) {
      const bits = this.dense[id];
      if (bits === null) continue;
      denseIds.push(id);
      denseStarts.push(denseStarts[denseStarts.length - 1] + bits.length);
    }
    const bitmaps = new Int32Array(denseStarts[denseStarts.length - 1]);
    for (const [k, id] of denseIds.entries()) bitmaps.set(this.dense[id] as Int32Array, denseStarts[k]);
    return {
      words: this.words,
      starts: packer.add(starts),
      postings: packer.add(all),
      slots: packer.add(this.slots),
      denseIds: packer.add(Int32Array.from(denseIds)),
      denseStarts: packer.add(Int32Array.from(denseStarts)),
      bitmaps: packer.add(bitmaps),
    };
  }

  static fromSnapshot(snap: TextSnapshot, unpacker: Unpacker): TextIndex {
    const out = new TextIndex();
    const starts = unpacker.get(snap.starts, 'Int32Array');
    const all = unpacker.get(snap.postings, 'Int32Array');
    if (starts.length !== snap.words.length + 1 || starts[snap.words.length] !== all.length) throw new Error('snapshot: the text index does not add up');
    for (let id = 0; id < snap.words.length; id++) {
      out.words.push(snap.words[id]);
      const n = starts[id + 1] - starts[id];
      // Room for at least four, as a new word gets: addWord doubles a full list, and twice nothing is nothing.
      const list = new Int32Array(Math.max(4, n));
      list.set(all.subarray(starts[id], starts[id + 1]));
      out.postings.push(list);
      out.lengths.push(n);
      out.dense.push(null);
    }
    const denseIds = unpacker.get(snap.denseIds, 'Int32Array');
    const denseStarts = unpacker.get(snap.denseStarts, 'Int32Array');
    const bitmaps = unpacker.get(snap.bitmaps, 'Int32Array');
    if (denseStarts.length !== denseIds.length + 1 || denseStarts[denseIds.length] !== bitmaps.length) throw new Error('snapshot: the text index does not add up');
    denseIds.forEach((id, k) => {
      if (id < 0 || id >= out.words.length || out.lengths[id] !== 0) throw new Error('snapshot: the text index does not add up');
      out.postings[id] = NONE;
      out.dense[id] = bitmaps.slice(denseStarts[k], denseStarts[k + 1]);
    });
    out.slots = unpacker.get(snap.slots, 'Int32Array');
    return out;
  }

  bytes(): number {
    let total = 0;
    for (const bits of this.dense) if (bits !== null) total += bits.byteLength;
    for (const list of this.postings) total += list.byteLength + 64;
    for (const w of this.words) total += w.length * 2 + 48;
    total += this.slots.byteLength;
    return total;
  }

  get vocabulary(): number {
    return this.words.length;
  }
}

export interface TextSnapshot {
  words: string[];
  starts: number;
  postings: number;
  slots: number;
  denseIds: number;
  denseStarts: number;
  bitmaps: number;
}
