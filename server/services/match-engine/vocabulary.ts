/**
 * The text index's vocabulary: each distinct word once, numbered in the order first seen, found by its hash from
 * the characters of the text it stands in (no string cut out first), and the words that contain a query token,
 * remembered per token. The positions of each word are the postings' (postings.ts).
 */

import type { Packer, Unpacker } from './columns-file';
import { hashOf, ownCopy } from './text-words';

export class Vocabulary {
  readonly words: string[] = [];
  /** The words by hash (open addressing: word id + 1, 0 empty; at most half full). */
  private slots = new Int32Array(1024);
  private readonly tokenWords = new Map<string, { scanned: number; ids: number[] }>();

  /** The id of the word text[from, to) (of hash `hash`: see hashOf), added when new (its id is then `size - 1`). */
  idOf(text: string, from: number, to: number, hash: number): number {
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
    if (this.words.length * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    else this.place(id, hash);
    return id;
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

  /** Ids of the words that contain `token`, remembered and extended as the vocabulary grows. */
  wordsWith(token: string): number[] {
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

  get size(): number {
    return this.words.length;
  }

  /** The words, and the hash slots packed. */
  toSnapshot(packer: Packer): { words: string[]; slots: number } {
    return { words: this.words, slots: packer.add(this.slots) };
  }

  static fromSnapshot(snap: { words: string[]; slots: number }, unpacker: Unpacker): Vocabulary {
    const out = new Vocabulary();
    for (const word of snap.words) out.words.push(word);
    out.slots = unpacker.get(snap.slots, 'Int32Array');
    return out;
  }

  bytes(): number {
    let total = 0;
    for (const w of this.words) total += w.length * 2 + 48;
    return total + this.slots.byteLength;
  }
}
