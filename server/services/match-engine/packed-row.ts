import type { Cell } from '../../db';
import type { MemberRow } from './member-row';
import { hashOf, ownCopy } from './text-index';

/**
 * A member's row as the start-up scan reads it: its profile id, its Moon longitude, and every other column as one
 * text, the values separated by U+001F and a NULL written as U+001E. At a million members the drivers' turning
 * 30 values a row into JavaScript was most of the scan: better-sqlite3 spent 2.1 s per half a million rows on it,
 * node-postgres 3.2 s (as against 1.3 s and 0.85 s for one text a row, built by the database). The values are
 * then read out of the text here, and the repeated ones (a gender, a country, a religion: nearly all of them) are
 * not made into new strings at all but looked up (`Interner`). That reading costs about 1 s per half a million
 * rows, so SQLite gains little; PostgreSQL's scan needs 2.4 s less CPU per half a million.
 *
 * A row whose text has the wrong number of separators (a value holding U+001F) is read again column by column
 * (`plainRow`). A value that is U+001E alone would read as NULL: the profile contracts refuse control characters,
 * so only a write around the app could store one.
 *
 * PostgreSQL's start-up scan reads the same format from COPY instead (`copyStatement`, `fillLine`): the rows
 * arrive as a stream of lines, with no message and no result row per row, and the database writes each value
 * with the column's own output function (a boolean as t or f). COPY escapes a backslash in a value: such a line
 * is read again column by column.
 */

const SEP = '\u001f';

/**
 * Each column remembers one value per key of 2^CACHE_BITS (see PackedReader.str): enough for the location
 * preferences' hundred-odd lists, which 64 missed half the time.
 */
const CACHE_BITS = 10;

/** The packed columns, in order. The search text is last: it is the longest, and free text. */
const PACKED = [
  'p.user_id', 'p.age_preference_min', 'p.age_preference_max', 'u.is_verified', 'u.is_deleted', 'u.subscription_ends', 'u.last_active_at',
  'p.gender', 'p.looking_for', 'p.date_of_birth', 'p.country', 'p.education', 'p.profession', 'p.religion', 'p.mother_tongue',
  'p.marital_status', 'p.diet', 'p.return_to_india_plans', 'p.cultural_integration_level', 'p.location_preference',
  'p.education_preference', 'p.profession_preference', 'p.profile_type', 'u.status', 'u.role', 'u.subscription_tier',
  'ps.profile_visibility', 'p.search_text',
] as const;

/** The column list of a packed read, for this dialect (concat_ws writes the text in one pass; printf was no faster). */
export function packedColumns(dialect: 'sqlite' | 'pg'): string {
  // Integers are written exactly; the one real value, the Moon longitude, is a column of its own (SQLite would
  // write it to 15 digits).
  const values = PACKED.map((c) => (dialect === 'pg' ? `coalesce(${c}::text, chr(30))` : `ifnull(${c}, char(30))`));
  return `p.id, p.moon_longitude, concat_ws(${dialect === 'pg' ? 'chr(31)' : 'char(31)'}, ${values.join(', ')})`;
}

/** The same columns one by one (the rows a packed text cannot carry), in the order plainRow reads them. */
export const PLAIN_COLUMNS = `p.id, p.moon_longitude, ${PACKED.join(', ')}`;

/**
 * PostgreSQL: the rows of `select` (whose columns are PLAIN_COLUMNS) as COPY writes them: one line a row, the
 * values separated by U+001F, a NULL written as U+001E; what `fillLine` reads.
 */
export const copyStatement = (select: string) => `COPY (${select}) TO STDOUT WITH (FORMAT text, DELIMITER E'\\x1f', NULL E'\\x1e')`;

/**
 * Strings by their text, so that a value read again is the same string and no new one: an open-addressing table
 * keyed by the FNV-1a hash of the characters, compared in place. Short values only (long ones are free text,
 * nearly all different), and no more than LIMIT of them.
 */
export class Interner {
  private static readonly LIMIT = 1 << 16;
  private static readonly LONGEST = 48;
  private slots = new Int32Array(1 << 12);
  private values: string[] = [];

  /** The string text[from, to); `h` is its hashOf. */
  get(text: string, from: number, to: number, h: number): string {
    const length = to - from;
    if (length > Interner.LONGEST) return text.slice(from, to);
    const mask = this.slots.length - 1;
    let i = h & mask;
    for (; ; i = (i + 1) & mask) {
      const slot = this.slots[i];
      if (slot === 0) break;
      const value = this.values[slot - 1];
      if (value.length !== length) continue;
      let k = 0;
      while (k < length && value.charCodeAt(k) === text.charCodeAt(from + k)) k++;
      if (k === length) return value;
    }
    // A copy of its own, for as long as a dictionary keeps the value.
    const value = ownCopy(text.slice(from, to));
    if (this.values.length >= Interner.LIMIT) return value;
    this.values.push(value);
    this.slots[i] = this.values.length;
    if (this.values.length * 2 > this.slots.length) this.grow();
    return value;
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.values.length; id++) {
      const value = this.values[id];
      let i = hashOf(value, 0, value.length) & mask;
      while (slots[i] !== 0) i = (i + 1) & mask;
      slots[i] = id + 1;
    }
    this.slots = slots;
  }
}

/** Reads packed rows into MemberRow objects; one reader per scan (its interner lives as long as the scan). */
export class PackedReader {
  private readonly starts = new Int32Array(PACKED.length + 2);
  private readonly ends = new Int32Array(PACKED.length + 2);
  private readonly strings = new Interner();
  private line = '';
  /** Where the packed columns start among the values split: 0 for a packed text, 2 for a COPY line (id, Moon first) */
  private base = 0;
  private slashText = '';
  private slashAt = 0;

  /** Fills `row` from a packed read's cells; false when the text does not hold exactly the packed columns. */
  fill(row: MemberRow, cells: Cell[]): boolean {
    const line = String(cells[2]);
    this.base = 0;
    if (!this.split(line, 0, line.length, PACKED.length)) return false;
    row.profileId = Number(cells[0]);
    row.moonLongitude = cells[1] === null || cells[1] === undefined ? null : Number(cells[1]);
    this.fillPacked(row);
    return true;
  }

  /**
   * Fills `row` from the COPY line text[from, to) (see copyStatement); false when it holds a backslash (COPY's
   * escapes) or not exactly PLAIN_COLUMNS' values. `moonless` then tells whether the Moon longitude is NULL.
   */
  fillLine(row: MemberRow, text: string, from: number, to: number): boolean {
    // The next backslash of the text, looked for once per text and line with one (not to its end for every line).
    if (text !== this.slashText || this.slashAt < from) {
      this.slashText = text;
      const at = text.indexOf('\\', from);
      this.slashAt = at === -1 ? Number.POSITIVE_INFINITY : at;
    }
    this.base = 2;
    if (this.slashAt < to || !this.split(text, from, to, PACKED.length + 2)) return false;
    row.profileId = this.num(-2) ?? 0;
    row.moonLongitude = this.isNull(-1) ? null : Number(text.slice(this.starts[1], this.ends[1]));
    this.fillPacked(row);
    return true;
  }

  private fillPacked(row: MemberRow): void {
    row.userId = this.num(0) ?? 0;
    row.agePreferenceMin = this.num(1);
    row.agePreferenceMax = this.num(2);
    row.isVerified = this.bool(3);
    const deleted = this.bool(4);
    row.subscriptionEnds = this.num(5);
    row.lastActiveAt = this.num(6);
    row.gender = this.str(7);
    row.lookingFor = this.str(8);
    row.dateOfBirth = this.fresh(9);
    row.country = this.str(10);
    row.education = this.str(11);
    row.profession = this.str(12);
    row.religion = this.str(13);
    row.motherTongue = this.str(14);
    row.maritalStatus = this.str(15);
    row.diet = this.str(16);
    row.returnToIndiaPlans = this.str(17);
    row.culturalIntegrationLevel = this.str(18);
    row.locationPreference = this.str(19);
    row.educationPreference = this.str(20);
    row.professionPreference = this.str(21);
    row.profileType = this.str(22);
    row.active = !deleted && this.str(23) === 'active';
    row.isMember = this.str(24) === 'member';
    row.subscriptionTier = this.str(25);
    row.visibility = this.str(26);
    const text = this.base + 27;
    row.searchText = this.isNull(27) ? null : this.line.slice(this.starts[text], this.ends[text]);
    row.searchTextIn = row.searchText === null ? null : this.line;
    row.searchTextAt = this.starts[text];
    row.hasPhoto = false; // filled from one query of the profiles with photos, not a subquery per row
  }

  /**
   * Where each of the `count` values of line[start, end) starts and ends. False unless there are exactly `count`
   * values.
   */
  private split(line: string, start: number, end: number, count: number): boolean {
    this.line = line;
    const last = count - 1;
    let k = 0;
    let from = start;
    // indexOf finds the separators in native code: a loop over every character here took 2.5 times as long.
    for (let at = line.indexOf(SEP, from); at !== -1 && at < end; at = line.indexOf(SEP, from)) {
      if (k === last) return false;
      this.starts[k] = from;
      this.ends[k++] = at;
      from = at + 1;
    }
    if (k !== last) return false;
    this.starts[k] = from;
    this.ends[k] = end;
    return true;
  }

  // The accessors below take a packed column's number (PACKED's order; the id and Moon of a COPY line are -2, -1).

  private isNull(k: number): boolean {
    const j = this.base + k;
    return this.ends[j] - this.starts[j] === 1 && this.line.charCodeAt(this.starts[j]) === 0x1e;
  }

  private str(k: number): string | null {
    if (this.isNull(k)) return null;
    const j = this.base + k;
    const from = this.starts[j];
    const to = this.ends[j];
    const line = this.line;
    const length = to - from;
    // The value this column last read with the same key (the length and five characters spread over the value),
    // compared in place: most columns hold a few values (a gender, a diet, a tier), nearly always told apart by
    // those (lists of countries all start and end alike, so the first and last character were not enough).
    const quarter = length >> 2;
    const key =
      length * 31 + line.charCodeAt(from) * 7 + line.charCodeAt(from + quarter) * 5 + line.charCodeAt(from + 2 * quarter) * 3 +
      line.charCodeAt(to - 1 - quarter) * 11 + line.charCodeAt(to - 1);
    const slot = (k << CACHE_BITS) | (Math.imul(key, 0x9e3779b1) >>> (32 - CACHE_BITS));
    const seen = this.seen[slot];
    if (seen !== undefined && seen.length === length && line.startsWith(seen, from)) return seen;
    const value = this.strings.get(line, from, to, hashOf(line, from, to));
    this.seen[slot] = value;
    return value;
  }

  /**
   * A value of many different texts (a birth date: thousands), cut out without being interned: looking each up
   * cost more than the short-lived string.
   */
  private fresh(k: number): string | null {
    if (this.isNull(k)) return null;
    const j = this.base + k;
    return this.line.slice(this.starts[j], this.ends[j]);
  }

  /** Per column, the latest value read for each of 2^CACHE_BITS keys (a hash of the length and five characters). */
  private readonly seen: Array<string | undefined> = new Array(PACKED.length << CACHE_BITS).fill(undefined);

  /** A whole number read digit by digit (no string made); anything else (a real, an exponent) through Number. */
  private num(k: number): number | null {
    if (this.isNull(k)) return null;
    const from = this.starts[this.base + k];
    const to = this.ends[this.base + k];
    const negative = this.line.charCodeAt(from) === 45;
    let n = 0;
    for (let i = negative ? from + 1 : from; i < to; i++) {
      const digit = this.line.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9 || i - from > 15) return Number(this.line.slice(from, to));
      n = n * 10 + digit;
    }
    return to === from || (negative && to === from + 1) ? Number(this.line.slice(from, to)) : negative ? -n : n;
  }

  /** SQLite writes a boolean as 1 or 0, PostgreSQL as true or false (text) or t or f (COPY). */
  private bool(k: number): boolean {
    const from = this.starts[this.base + k];
    const to = this.ends[this.base + k];
    if (to - from === 1) return this.line.charCodeAt(from) === 49 || this.line.charCodeAt(from) === 116;
    if (to - from === 4 && this.line.startsWith('true', from)) return true;
    return !this.isNull(k) && Number(this.line.slice(from, to)) === 1;
  }
}

const str = (v: Cell) => (v === null || v === undefined ? null : String(v));
const num = (v: Cell) => (v === null || v === undefined ? null : Number(v));
const bool = (v: Cell) => v === true || Number(v) === 1;

/** Fills `row` from a plain read's cells (PLAIN_COLUMNS). */
export function plainRow(row: MemberRow, r: Cell[]): MemberRow {
  row.profileId = Number(r[0]);
  row.moonLongitude = num(r[1]);
  const v = r.slice(2);
  row.userId = Number(v[0]);
  row.agePreferenceMin = num(v[1]);
  row.agePreferenceMax = num(v[2]);
  row.isVerified = bool(v[3]);
  row.subscriptionEnds = num(v[5]);
  row.lastActiveAt = num(v[6]);
  row.gender = str(v[7]);
  row.lookingFor = str(v[8]);
  row.dateOfBirth = str(v[9]);
  row.country = str(v[10]);
  row.education = str(v[11]);
  row.profession = str(v[12]);
  row.religion = str(v[13]);
  row.motherTongue = str(v[14]);
  row.maritalStatus = str(v[15]);
  row.diet = str(v[16]);
  row.returnToIndiaPlans = str(v[17]);
  row.culturalIntegrationLevel = str(v[18]);
  row.locationPreference = str(v[19]);
  row.educationPreference = str(v[20]);
  row.professionPreference = str(v[21]);
  row.profileType = str(v[22]);
  row.active = !bool(v[4]) && v[23] === 'active';
  row.isMember = v[24] === 'member';
  row.subscriptionTier = str(v[25]);
  row.visibility = str(v[26]);
  row.searchText = str(v[27]);
  row.searchTextIn = null;
  row.searchTextAt = 0;
  row.hasPhoto = false;
  return row;
}
