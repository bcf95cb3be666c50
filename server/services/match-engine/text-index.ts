/**
 * Full-text search over profiles' search text (name, city, country, profession, education, lower-cased and
 * accent-free when saved), with the behaviour search always had: every token of the query must appear inside the
 * text (case- and accent-insensitive, any part of a word: "engin" finds "engineer"). A token holds only
 * [a-z0-9'], so it appears in the text exactly when it appears inside one of the text's runs of those characters:
 * the index keeps each distinct run once (the vocabulary, vocabulary.ts) with the positions of the members whose
 * text has it (postings.ts). A query scans the vocabulary (a few thousand words, remembered per token) and unions
 * the postings. Append-only: a member whose text changes is given a new position by the store.
 * This file owns adding texts, merging indexes and answering a query; words and hashes are text-words.ts'.
 */

import type { Packer, Unpacker } from './columns-file';
import { Postings, type PostingsSnapshot, bitsIn, firstAtLeast } from './postings';
import { CHAR_CLASS, FNV_OFFSET, FNV_PRIME, hashOf, textHash } from './text-words';
import { Vocabulary } from './vocabulary';

/** Every position: one span. */
const WHOLE = Int32Array.of(0, 0x7fffffff);

export class TextIndex {
  private vocab = new Vocabulary();
  private postings = new Postings();
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
    this.postings.add(this.wordId(text, from, to, hash), position);
  }

  /** The id of the word text[from, to), added to the vocabulary (with no positions) when new. */
  private wordId(text: string, from: number, to: number, hash: number): number {
    const id = this.vocab.idOf(text, from, to, hash);
    if (id === this.postings.lengths.length) this.postings.addWord();
    return id;
  }

  /**
   * Another index's words and postings added after these, its positions moved up by `offset` (above every
   * position here): new words get ids in the other index's order, as if its texts had been added after these.
   * The other half of a start-up build, or the members moved while a deferred text index was built (TextLog).
   */
  absorb(other: TextIndex, offset: number): void {
    const words = other.vocab.words;
    for (let j = 0; j < words.length; j++) {
      const word = words[j];
      const id = this.wordId(word, 0, word.length, hashOf(word, 0, word.length));
      const { list, n } = other.postings.listOf(j);
      this.postings.append(id, list, n, offset);
    }
  }

  /** Positions renumbered (`next[p]`, -1: gone): see Postings.renumber. */
  renumber(next: Int32Array): void {
    this.postings.renumber(next);
  }

  /** Common words of an index built in position order keep bitmaps: see Postings.settle. */
  settle(size: number): void {
    this.postings.settle(size);
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
    const { lists, lengths, dense } = this.postings;
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
      for (const id of this.vocab.wordsWith(tokens[t])) {
        const bits = dense[id];
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
        const list = lists[id];
        const len = lengths[id];
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
    if (this.vocab.wordsWith(tokens[0]).some((id) => dense[id] !== null)) {
      mark.fill(0);
      return found.subarray(0, n);
    }
    for (const id of this.vocab.wordsWith(tokens[0])) {
      const list = lists[id];
      const len = lengths[id];
      for (let c = 0; c < cuts.length; c += 2) {
        const end = cuts[c + 1];
        for (let k = firstAtLeast(list, len, cuts[c]); k < len && list[k] < end; k++) mark[list[k]] = 0;
      }
    }
    return found.subarray(0, n);
  }

  /** The vocabulary with its hash slots, and the postings (see Postings.toSnapshot). */
  toSnapshot(packer: Packer): TextSnapshot {
    return { ...this.vocab.toSnapshot(packer), ...this.postings.toSnapshot(packer) };
  }

  static fromSnapshot(snap: TextSnapshot, unpacker: Unpacker): TextIndex {
    const out = new TextIndex();
    out.postings = Postings.fromSnapshot(snap, snap.words.length, unpacker);
    out.vocab = Vocabulary.fromSnapshot(snap, unpacker);
    return out;
  }

  bytes(): number {
    return this.postings.bytes() + this.vocab.bytes();
  }

  get vocabulary(): number {
    return this.vocab.size;
  }
}

export interface TextSnapshot extends PostingsSnapshot {
  words: string[];
  slots: number;
}
