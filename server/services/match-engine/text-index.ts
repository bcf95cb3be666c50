/**
 * Full-text search over profiles' search text (name, city, country, profession, education, lower-cased and
 * accent-free when saved), with the behaviour search always had: every token of the query must appear inside the
 * text (case- and accent-insensitive, any part of a word: "engin" finds "engineer"). A token holds only
 * [a-z0-9'], so it appears in the text exactly when it appears inside one of the text's runs of those characters:
 * the index keeps each distinct run once (the vocabulary) with the positions of the members whose text has it.
 * A query scans the vocabulary (a few thousand words, remembered per token) and unions the postings.
 * Append-only: a member whose text changes is given a new position by the store.
 */

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

/** A cheap 32-bit hash of a text (FNV-1a), to notice when a member's text changed. */
export function textHash(text: string | null): number {
  let h = 0x811c9dc5;
  const s = text ?? '';
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h | 0;
}

export class TextIndex {
  private readonly wordIds = new Map<string, number>();
  private readonly words: string[] = [];
  private postings: Int32Array[] = [];
  private lengths: number[] = [];
  private readonly tokenWords = new Map<string, { scanned: number; ids: number[] }>();
  private mark = new Uint8Array(1024);

  add(position: number, text: string | null): void {
    if (!text) return;
    for (const word of text.toLowerCase().split(/[^a-z0-9']+/)) {
      if (!word) continue;
      let id = this.wordIds.get(word);
      if (id === undefined) {
        id = this.words.length;
        this.words.push(word);
        this.wordIds.set(word, id);
        this.postings.push(new Int32Array(4));
        this.lengths.push(0);
      }
      let list = this.postings[id];
      const n = this.lengths[id];
      // A word twice in one text: positions only grow, so its list already ends with this one.
      if (n > 0 && list[n - 1] === position) continue;
      if (n === list.length) {
        const bigger = new Int32Array(n < 64 ? n * 2 : Math.ceil(n * 1.25));
        bigger.set(list);
        this.postings[id] = list = bigger;
      }
      list[n] = position;
      this.lengths[id] = n + 1;
    }
  }

  /** Positions renumbered (`next[p]`, -1: gone), each posting list in increasing order again. */
  renumber(next: Int32Array): void {
    for (let id = 0; id < this.postings.length; id++) {
      const list = this.postings[id];
      let kept = 0;
      for (let k = 0, n = this.lengths[id]; k < n; k++) {
        const p = next[list[k]];
        if (p !== -1) list[kept++] = p;
      }
      list.subarray(0, kept).sort();
      this.lengths[id] = kept;
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
   * Marks the positions whose text holds every token: afterwards `mark[p] === tokens.length` exactly for them
   * (dead positions may be among them: the caller checks flags as for any other). `unmark` must follow, before
   * the next query, to leave the marks at zero.
   */
  markHits(tokens: string[], capacity: number): Uint8Array {
    if (this.mark.length < capacity) this.mark = new Uint8Array(capacity);
    const mark = this.mark;
    // Token t moves up the positions the previous tokens reached (t): one word list after another.
    for (let t = 0; t < tokens.length; t++) {
      for (const id of this.wordsWith(tokens[t])) {
        const list = this.postings[id];
        for (let k = 0, n = this.lengths[id]; k < n; k++) {
          const p = list[k];
          if (mark[p] === t) mark[p] = t + 1;
        }
      }
    }
    return mark;
  }

  unmark(tokens: string[]): void {
    const mark = this.mark;
    for (const id of this.wordsWith(tokens[0])) {
      const list = this.postings[id];
      for (let k = 0, n = this.lengths[id]; k < n; k++) mark[list[k]] = 0;
    }
  }

  bytes(): number {
    let total = 0;
    for (const list of this.postings) total += list.byteLength + 64;
    for (const w of this.words) total += w.length * 2 + 48;
    return total;
  }

  get vocabulary(): number {
    return this.words.length;
  }
}
