import { TextIndex } from './text-index';
import { FNV_OFFSET, FNV_PRIME, hashOf } from './text-words';

/**
 * The start-up build's search texts as read, kept end to end until the text index is built from them.
 *
 * Indexing every text would be about a third of the start-up build's CPU at a million members (finding each of 14
 * million words in the vocabulary and appending to its postings). The build only copies each text here,
 * lower-cased, as UTF-8 with a line feed after it (a pass over its characters it makes anyway for the text's
 * hash), and the engine answers as soon as the members' columns are in. The text index is then built from this
 * log in the background (`buildTextIndex`, on a worker thread when it can be). Until it is in, a text search reads
 * the log itself (`positionsWith`): each word of the query looked for in the whole log by the native byte search
 * (tens of milliseconds at a million texts, against a fraction of one with the index), which gives the same hits
 * as the index: a word of [a-z0-9'] is in a text exactly when it is inside one of the text's runs of those
 * characters, the words the index keeps.
 */
export class TextLog {
  private bytes: Buffer;
  /** where each text's bytes end (its line feed's offset); text i starts after text i - 1's line feed */
  private ends: Int32Array;
  /** texts held: text i is the text of the build's position i */
  size = 0;
  private used = 0;

  /**
   * Room for `capacity` texts of 128 bytes (a profile's is 100-150): growing by copies was a third of the
   * log's time, and memory not yet written to is not taken from the system.
   */
  constructor(capacity = 1024) {
    this.bytes = Buffer.allocUnsafe(capacity * 128);
    this.ends = new Int32Array(capacity);
  }

  /**
   * Appends `text` (null: none) as the text of `position`, which must be the next one; returns its hash (`hashOf`,
   * the index's textHash), worked out in the same pass.
   */
  add(position: number, text: string | null): number {
    this.makeRoom(position, text === null ? 0 : text.length * 3);
    if (text === null || text.length === 0) return this.close(this.used, FNV_OFFSET);
    // Copied by the native encoder, then hashed and lower-cased byte by byte: half the time of reading the string
    // a character at a time. As many bytes as characters means ASCII, where a byte is a character.
    const written = this.bytes.write(text, this.used, 'utf8');
    const h = written === text.length ? this.lowerAscii(this.used, this.used + written) : null;
    if (h !== null) return this.close(this.used + written, h);
    // Not ASCII: lower-cased as the index would read it (toLowerCase can turn a letter into an ASCII one).
    return this.close(this.used + this.bytes.write(text.toLowerCase(), this.used, 'utf8'), hashOf(text, 0, text.length));
  }

  /**
   * `add` for a text given as its UTF-8 bytes, bytes[from, to) (as the start-up scan reads it: packed-row.ts):
   * copied as they are, then hashed and lower-cased in place; a text that is not ASCII goes through `add`.
   */
  addBytes(position: number, bytes: Buffer, from: number, to: number): number {
    this.makeRoom(position, to - from);
    bytes.copy(this.bytes, this.used, from, to);
    const h = this.lowerAscii(this.used, this.used + (to - from));
    return h === null ? this.add(position, bytes.toString('utf8', from, to)) : this.close(this.used + (to - from), h);
  }

  /** Room for `position`'s text of at most `bytes` bytes (and its line feed), which must be the next one. */
  private makeRoom(position: number, bytes: number): void {
    if (position !== this.size) throw new Error('TextLog: a text for every position, in order');
    if (this.size === this.ends.length) this.ends = grown(this.ends, this.size + 1);
    if (this.used + bytes + 1 > this.bytes.length) this.bytes = grownBytes(this.bytes, this.used + bytes + 1);
  }

  /**
   * The hash of the log's bytes [from, to) as they are, each upper-case ASCII letter then lower-cased in place; null
   * when one is not ASCII (the text is then written again).
   */
  private lowerAscii(from: number, to: number): number | null {
    const bytes = this.bytes;
    let h = FNV_OFFSET;
    for (let at = from; at < to; at++) {
      const c = bytes[at];
      if (c >= 0x80) return null;
      h = Math.imul(h ^ c, FNV_PRIME);
      if (c >= 65 && c <= 90) bytes[at] = c + 32;
    }
    return h;
  }

  /** Ends the text being added at `end` (its line feed goes there); returns its hash. */
  private close(end: number, h: number): number {
    this.bytes[end] = 10;
    this.ends[this.size++] = end;
    this.used = end + 1;
    return h | 0;
  }

  /** Another log's texts after these (the other half of a start-up build: see MemberIndex.absorb). */
  absorb(other: TextLog): void {
    const { bytes, ends } = other.parts();
    if (this.used + bytes.length > this.bytes.length) this.bytes = grownBytes(this.bytes, this.used + bytes.length);
    if (this.size + ends.length > this.ends.length) this.ends = grown(this.ends, this.size + ends.length);
    this.bytes.set(bytes, this.used);
    for (let i = 0; i < ends.length; i++) this.ends[this.size + i] = ends[i] + this.used;
    this.size += ends.length;
    this.used += bytes.length;
  }

  /** The log as two arrays (to send to another thread), and back (`of`). */
  parts(): { bytes: Uint8Array; ends: Int32Array } {
    return { bytes: this.bytes.subarray(0, this.used), ends: this.ends.subarray(0, this.size) };
  }

  static of(parts: { bytes: Uint8Array; ends: Int32Array }): TextLog {
    const log = new TextLog(0);
    log.bytes = Buffer.from(parts.bytes.buffer, parts.bytes.byteOffset, parts.bytes.length);
    log.ends = parts.ends;
    log.size = parts.ends.length;
    log.used = parts.bytes.length;
    return log;
  }

  private start(i: number): number {
    return i === 0 ? 0 : this.ends[i - 1] + 1;
  }

  /** The texts holding every token (as searchTokens makes them: [a-z0-9'] only), ascending, each once. */
  positionsWith(tokens: string[]): Int32Array {
    const all = this.bytes.subarray(0, this.used);
    let hits: Int32Array | null = null;
    for (const token of tokens) {
      const found = this.textsWith(all, Buffer.from(token, 'latin1'));
      hits = hits === null ? found : intersect(hits, found);
      if (hits.length === 0) break;
    }
    return hits ?? new Int32Array(0);
  }

  /** The texts holding `needle`, ascending, each once: no match crosses a line feed, and tokens hold none. */
  private textsWith(all: Buffer, needle: Buffer): Int32Array {
    let out: Int32Array = new Int32Array(1024);
    let n = 0;
    for (let at = all.indexOf(needle, 0); at !== -1; ) {
      // The text the match starts in: the first whose end is past it.
      let lo = 0;
      let hi = this.size - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.ends[mid] > at) hi = mid;
        else lo = mid + 1;
      }
      if (n === out.length) out = grown(out, n + 1);
      out[n++] = lo;
      at = this.ends[lo] + 1 < all.length ? all.indexOf(needle, this.ends[lo] + 1) : -1;
    }
    return out.subarray(0, n);
  }

  /** Bytes the texts take (the room reserved beyond them is not counted: see the constructor). */
  bytesHeld(): number {
    return this.used + this.size * 4;
  }

  /**
   * The text index of these texts, text `order[p]` at position p (the build's clustered order), every posting list
   * in position order. `pause`, when given, is awaited every twenty thousand texts (a build on the main thread lets
   * requests through).
   */
  async buildIndex(order: Int32Array, pause?: () => Promise<void>): Promise<TextIndex> {
    // One string of every text, a character per byte: ASCII texts read as themselves; in a text that is not
    // ASCII, each byte of a character beyond ASCII reads as a Latin-1 letter, which like the character itself
    // separates words (lower-casing a Latin-1 letter never makes it ASCII), so the words are the same.
    const all = this.bytes.toString('latin1', 0, this.used);
    const text = new TextIndex();
    for (let p = 0; p < order.length; p++) {
      const i = order[p];
      text.add(p, all, this.start(i), this.ends[i]);
      if (pause && p % 20_000 === 19_999) await pause();
    }
    text.settle(order.length);
    return text;
  }
}

/** A copy of `a` with room for at least `need` items (half as many again as it had, at least). */
function grown(a: Int32Array, need: number): Int32Array {
  const out = new Int32Array(Math.max(need, Math.ceil(a.length * 1.5) + 16));
  out.set(a);
  return out;
}

function grownBytes(a: Buffer, need: number): Buffer {
  const out = Buffer.allocUnsafe(Math.max(need, Math.ceil(a.length * 1.5) + 16));
  a.copy(out);
  return out;
}

/** The values in both ascending lists. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else {
      out[n++] = a[i];
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}
