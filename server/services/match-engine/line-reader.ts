import type { Cell } from '../../db';
import type { Dictionaries } from './dictionaries';
import { K_AGE_PREFERENCE_MAX, K_AGE_PREFERENCE_MIN, K_DATE_OF_BIRTH, K_IS_DELETED, K_IS_VERIFIED, K_LAST_ACTIVE_AT, K_SEARCH_TEXT, K_SUBSCRIPTION_ENDS, K_USER_ID, type Resolve, assignNumbers, assignResolved, resolvers } from './line-columns';
import { type MemberValues, dobDays } from './member-row';
import { F, FIELDS, NULL_MARK, PACKED, SEP } from './packed-row';

/**
 * Reading a line's bytes (packed-row.ts) into MemberValues: where its values start and end, each repeated value
 * turned into its dictionary id through a per-column cache of the bytes seen (no string made of what was seen
 * before), numbers and booleans read digit by digit; and a row the line could not carry, cell by cell.
 */

/**
 * Each cached column remembers one value per key of 2^CACHE_BITS (see LineReader.value): enough for the location
 * preferences' hundred-odd lists, which 64 missed half the time.
 */
const CACHE_BITS = 10;

/** The most bytes of seen values a reader keeps (see LineReader.value). */
const ARENA_LIMIT = 1 << 22;

/** LineReader.of's readers, by the dictionaries they resolve into. */
const kept = new WeakMap<Dictionaries, LineReader>();

/**
 * Reads lines into MemberValues whose ids are those of `dicts` (a reader serves one index: its caches hold that
 * index's ids).
 */
export class LineReader {
  private readonly resolve: Array<Resolve | null>;
  private readonly starts = new Int32Array(FIELDS);
  private readonly ends = new Int32Array(FIELDS);
  private buf: Buffer = Buffer.alloc(0);
  /** `buf` read four bytes at a time (value compares seen values this way). */
  private view: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(0));
  /** Per column and key: the bytes of the value last read with it, and what it resolved to. */
  private readonly seenAt = new Int32Array(PACKED.length << CACHE_BITS).fill(-1);
  private readonly seenLength = new Int32Array(PACKED.length << CACHE_BITS);
  private readonly seenValue = new Int32Array(PACKED.length << CACHE_BITS);
  /** The seen values' bytes, end to end (seenAt, seenLength): copies, as a view would keep a whole page alive. */
  private arena = new Uint8Array(1 << 16);
  private arenaView = new DataView(this.arena.buffer);
  private arenaUsed = 0;
  private slashBuf: Buffer | null = null;
  private slashAt = 0;

  constructor(dicts: Dictionaries) {
    this.resolve = resolvers(dicts);
  }

  /**
   * The reader kept for an index's dictionaries (a reload follows each write: a new reader's caches would be
   * 400 KB to allocate and empty every time).
   */
  static of(dicts: Dictionaries): LineReader {
    let reader = kept.get(dicts);
    if (!reader) {
      reader = new LineReader(dicts);
      kept.set(dicts, reader);
    }
    return reader;
  }

  /** `value`, bound (what assignResolved calls). */
  private readonly valueOf = (k: number) => this.value(k);
  /** a PACKED column's number (null: NULL), bound (what assignNumbers calls) */
  private readonly numOf = (k: number) => this.num(F(k));

  /**
   * Fills `v` from the line buf[from, to); false when it must be read again column by column: its values do not
   * split into the line's columns, or (`escaped`: COPY's lines) it holds a backslash.
   */
  fill(v: MemberValues, buf: Buffer, from: number, to: number, escaped: boolean): boolean {
    if (escaped) {
      // The next backslash of the buffer, looked for once per buffer and line with one (not to its end for every line).
      if (buf !== this.slashBuf || this.slashAt < from) {
        this.slashBuf = buf;
        const at = buf.indexOf(0x5c, from);
        this.slashAt = at === -1 ? Number.POSITIVE_INFINITY : at;
      }
      if (this.slashAt < to) return false;
    }
    if (!this.split(buf, from, to)) return false;
    v.profileId = this.num(0) ?? 0;
    v.moonLongitude = this.isNull(1) ? null : Number(buf.toString('latin1', this.starts[1], this.ends[1]));
    v.userId = this.num(F(K_USER_ID)) ?? 0;
    v.ageMin = this.num(F(K_AGE_PREFERENCE_MIN));
    v.ageMax = this.num(F(K_AGE_PREFERENCE_MAX));
    v.verified = this.bool(F(K_IS_VERIFIED));
    const deleted = this.bool(F(K_IS_DELETED));
    v.subscriptionEnds = this.num(F(K_SUBSCRIPTION_ENDS));
    v.lastActiveAt = this.num(F(K_LAST_ACTIVE_AT));
    const dob = F(K_DATE_OF_BIRTH);
    v.dob = dobDays(this.isNull(dob) ? null : buf.toString('latin1', this.starts[dob], this.ends[dob]));
    assignResolved(v, deleted, this.valueOf);
    assignNumbers(v, this.numOf);
    const text = F(K_SEARCH_TEXT);
    v.text = null;
    v.textBytes = this.isNull(text) ? null : buf;
    v.textFrom = this.starts[text];
    v.textTo = this.ends[text];
    v.hasPhoto = false; // filled from one query of the profiles with photos, not a subquery per row
    return true;
  }

  /** Fills `v` from a row of PLAIN_COLUMNS' cells (the rows a line cannot carry), through the same resolvers. */
  fillCells(v: MemberValues, r: Cell[]): MemberValues {
    const str = (c: Cell) => (c === null || c === undefined ? null : String(c));
    const num = (c: Cell) => (c === null || c === undefined ? null : Number(c));
    const bool = (c: Cell) => c === true || Number(c) === 1;
    const cell = (k: number) => r[F(k)];
    const value = (k: number) => (this.resolve[k] as Resolve)(str(cell(k)));
    v.profileId = Number(r[0]);
    v.moonLongitude = num(r[1]);
    v.userId = Number(cell(K_USER_ID));
    v.ageMin = num(cell(K_AGE_PREFERENCE_MIN));
    v.ageMax = num(cell(K_AGE_PREFERENCE_MAX));
    v.verified = bool(cell(K_IS_VERIFIED));
    v.subscriptionEnds = num(cell(K_SUBSCRIPTION_ENDS));
    v.lastActiveAt = num(cell(K_LAST_ACTIVE_AT));
    v.dob = dobDays(str(cell(K_DATE_OF_BIRTH)));
    assignResolved(v, bool(cell(K_IS_DELETED)), value);
    assignNumbers(v, (k) => num(cell(k)));
    v.text = str(cell(K_SEARCH_TEXT));
    v.textBytes = null;
    v.textFrom = 0;
    v.textTo = 0;
    v.hasPhoto = false;
    return v;
  }

  /**
   * Where each of the line's values starts and ends. False unless buf[from, to) holds exactly FIELDS values:
   * the separators found by the native byte search (a loop over every byte took twice as long; one reading four
   * bytes at a time was within the noise of this, 3 % less at best), and none left in the search text.
   */
  private split(buf: Buffer, from: number, to: number): boolean {
    if (buf !== this.buf) {
      this.buf = buf;
      this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    }
    let at = from;
    for (let k = 0; k < FIELDS - 1; k++) {
      const sep = buf.indexOf(SEP, at);
      if (sep === -1 || sep >= to) return false;
      this.starts[k] = at;
      this.ends[k] = sep;
      at = sep + 1;
    }
    const extra = buf.indexOf(SEP, at);
    if (extra !== -1 && extra < to) return false;
    this.starts[FIELDS - 1] = at;
    this.ends[FIELDS - 1] = to;
    return true;
  }

  // The accessors below take a line's field number (0: the profile id, 1: the Moon longitude, F(k): PACKED's k).

  private isNull(j: number): boolean {
    return this.ends[j] - this.starts[j] === 1 && this.buf[this.starts[j]] === NULL_MARK;
  }

  /**
   * PACKED column k's value resolved (see resolvers): the number this column last resolved the same bytes to,
   * found by a key of the length and five bytes spread over the value (most columns hold a few values: a gender,
   * a diet, a tier; lists of countries all start and end alike, so the first and last byte were not enough) and
   * compared in full, four bytes at a time (10 % less time reading a row than byte by byte); else its text resolved
   * and remembered.
   */
  private value(k: number): number {
    const j = F(k);
    const buf = this.buf;
    const from = this.starts[j];
    const to = this.ends[j];
    const length = to - from;
    if (length === 1 && buf[from] === NULL_MARK) return (this.resolve[k] as Resolve)(null);
    const quarter = length >> 2;
    const key =
      length === 0
        ? 0
        : length * 31 + buf[from] * 7 + buf[from + quarter] * 5 + buf[from + 2 * quarter] * 3 + buf[to - 1 - quarter] * 11 + buf[to - 1];
    const slot = (k << CACHE_BITS) | (Math.imul(key, 0x9e3779b1) >>> (32 - CACHE_BITS));
    const at = this.seenAt[slot];
    if (at !== -1 && this.seenLength[slot] === length && this.same(at, from, length)) return this.seenValue[slot];
    const resolved = (this.resolve[k] as Resolve)(buf.toString('utf8', from, to));
    if (this.arenaUsed + length > ARENA_LIMIT) {
      // A reader kept for reloads meets new values for as long as the process runs: past the limit it forgets
      // what it has seen (a start-up scan's half at a million members fills about 1.5 MB).
      this.seenAt.fill(-1);
      this.arenaUsed = 0;
    }
    if (this.arenaUsed + length > this.arena.length) {
      const arena = new Uint8Array(Math.max(this.arena.length * 2, this.arenaUsed + length));
      arena.set(this.arena.subarray(0, this.arenaUsed));
      this.arena = arena;
      this.arenaView = new DataView(arena.buffer);
    }
    this.arena.set(buf.subarray(from, to), this.arenaUsed);
    this.seenAt[slot] = this.arenaUsed;
    this.seenLength[slot] = length;
    this.seenValue[slot] = resolved;
    this.arenaUsed += length;
    return resolved;
  }

  /** Whether the arena's bytes from `at` are buf's from `from`, `length` of them: four at a time, then one by one. */
  private same(at: number, from: number, length: number): boolean {
    const seen = this.arenaView;
    const view = this.view;
    let i = 0;
    for (; i + 4 <= length; i += 4) if (seen.getInt32(at + i) !== view.getInt32(from + i)) return false;
    for (; i < length; i++) if (this.arena[at + i] !== this.buf[from + i]) return false;
    return true;
  }

  /** A whole number read digit by digit (no string made); anything else (a real, an exponent) through Number. */
  private num(j: number): number | null {
    if (this.isNull(j)) return null;
    const buf = this.buf;
    const from = this.starts[j];
    const to = this.ends[j];
    const negative = buf[from] === 45;
    let n = 0;
    for (let i = negative ? from + 1 : from; i < to; i++) {
      const digit = buf[i] - 48;
      if (digit < 0 || digit > 9 || i - from > 15) return Number(buf.toString('latin1', from, to));
      n = n * 10 + digit;
    }
    return to === from || (negative && to === from + 1) ? Number(buf.toString('latin1', from, to)) : negative ? -n : n;
  }

  /** SQLite writes a boolean as 1 or 0, PostgreSQL as true or false (text) or t or f (COPY). */
  private bool(j: number): boolean {
    const buf = this.buf;
    const from = this.starts[j];
    const to = this.ends[j];
    if (to - from === 1) return buf[from] === 49 || buf[from] === 116;
    if (to - from === 4) return buf[from] === 116 && buf[from + 1] === 114 && buf[from + 2] === 117 && buf[from + 3] === 101;
    return !this.isNull(j) && Number(buf.toString('latin1', from, to)) === 1;
  }
}
