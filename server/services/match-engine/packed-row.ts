import type { Cell } from '../../db';
import type { Dictionaries } from './dictionaries';
import { type MemberValues, dobDays, visibilityCode } from './member-row';

/**
 * A member's row as the index reads it: one line of UTF-8 bytes, its values separated by U+001F and a NULL written
 * as U+001E: the profile id, the Moon longitude, then PACKED's columns, the search text last. The database writes
 * the line (SQLite: concat_ws, many lines to a blob; PostgreSQL: COPY at start-up, concat_ws for a reload), and
 * `LineReader` reads it into MemberValues without making strings of what it has seen before.
 *
 * Why bytes. At a million members the drivers' turning 30 values a row into JavaScript would be most of the scan
 * (better-sqlite3 2.1 s and node-postgres 3.2 s per half a million rows, against 1.3 s and 0.85 s for one text a
 * row). Reading that text as a string costs about 1.7 s per half a million rows: splitting it, finding each value
 * among those seen before, looking its string up in the dictionary, copying the search text back into bytes. Read as
 * bytes, each repeated value goes from its bytes to its dictionary id in one step (a per-column cache keyed by
 * its length and five bytes, checked byte for byte), and the search text is copied into the start-up build's
 * text log as it came (1.1 s for the same rows). SQLite hands a page's lines over as one blob rather than a
 * string a row: 0.15-0.2 s less in the driver per half a million rows.
 *
 * A line whose values do not split into exactly these columns (a value holding U+001F) is read again column by
 * column (`valuesOfCells`); so is a COPY line holding a backslash (COPY's escapes). A value that is U+001E alone
 * would read as NULL: the profile contracts refuse control characters, so only a write around the app could store
 * one.
 */

const SEP = 0x1f;
const NULL_MARK = 0x1e;

/**
 * Each cached column remembers one value per key of 2^CACHE_BITS (see LineReader.value): enough for the location
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

/** Values in a line: the profile id, the Moon longitude, then PACKED. */
const FIELDS = PACKED.length + 2;
/** A line's field of PACKED column k. */
const F = (k: number) => k + 2;

/** The same columns one by one (what COPY writes, and the rows a line cannot carry), in the order lines hold them. */
export const PLAIN_COLUMNS = `p.id, p.moon_longitude, ${PACKED.join(', ')}`;

/** The tables a line is made from (the profile `p`, its owner `u`, the owner's privacy settings `ps`). */
export const LINE_FROM = 'FROM profiles p JOIN users u ON u.id = p.user_id LEFT JOIN privacy_settings ps ON ps.user_id = p.user_id';

/** Whether a profile has a line at all (is live): the condition on LINE_FROM's rows. */
export const LINE_LIVE = 'p.is_deleted = FALSE';

/** Each table's columns a line is made of, with the keys LINE_FROM joins on and LINE_LIVE's flag. */
export const LINE_COLUMNS = {
  profiles: [...new Set(['id', 'user_id', 'moon_longitude', 'is_deleted', ...ofTable('p')])],
  users: [...new Set(['id', ...ofTable('u')])],
  privacy_settings: [...new Set(['user_id', ...ofTable('ps')])],
};

function ofTable(alias: string): string[] {
  return PACKED.filter((c) => c.startsWith(`${alias}.`)).map((c) => c.slice(alias.length + 1));
}

/**
 * The SQL of a member's line, for this dialect (concat_ws writes it in one pass; printf was no faster). The Moon
 * longitude is written to its last digit: SQLite's printf with '!' and 17 digits and PostgreSQL's text output
 * (extra_float_digits above 0, the default since version 12) both give the shortest exact form.
 */
export function lineSql(dialect: 'sqlite' | 'pg'): string {
  const values = ['p.id', 'p.moon_longitude', ...PACKED].map((c) => {
    if (dialect === 'pg') return `coalesce(${c}::text, chr(30))`;
    // printf writes a NULL argument as 0.0, so the NULL mark is chosen first.
    return c === 'p.moon_longitude' ? `CASE WHEN ${c} IS NULL THEN char(30) ELSE printf('%!.17g', ${c}) END` : `ifnull(${c}, char(30))`;
  });
  return `concat_ws(${dialect === 'pg' ? 'chr(31)' : 'char(31)'}, ${values.join(', ')})`;
}

/**
 * PostgreSQL: the rows of `select` (whose columns are PLAIN_COLUMNS) as COPY writes them: one line a row, the
 * values separated by U+001F, a NULL written as U+001E: the lines `LineReader` reads, with COPY's escapes.
 */
export const copyStatement = (select: string) => `COPY (${select}) TO STDOUT WITH (FORMAT text, DELIMITER E'\\x1f', NULL E'\\x1e')`;

/** How a cached column's text becomes the number the index keeps (null: the column is NULL). */
type Resolve = (text: string | null) => number;

/** Per PACKED column, how its value resolves, for the columns read through the cache (null for the others). */
function resolvers(d: Dictionaries): Array<Resolve | null> {
  const of = (dict: { id(v: string | null): number }): Resolve => (text) => dict.id(text);
  const byColumn: Partial<Record<(typeof PACKED)[number], Resolve>> = {
    'p.gender': of(d.genders),
    'p.looking_for': of(d.genders),
    'p.country': of(d.countries),
    'p.education': of(d.educations),
    'p.profession': of(d.professions),
    'p.religion': of(d.religions),
    'p.mother_tongue': of(d.tongues),
    'p.marital_status': of(d.maritals),
    'p.diet': of(d.diets),
    'p.return_to_india_plans': of(d.returnPlans),
    'p.cultural_integration_level': of(d.integrations),
    'p.location_preference': (text) => d.locPrefId(text),
    'p.education_preference': of(d.eduPrefs),
    'p.profession_preference': of(d.profPrefs),
    'p.profile_type': of(d.profileTypes),
    'u.status': (text) => (text === 'active' ? 1 : 0),
    'u.role': (text) => (text === 'member' ? 1 : 0),
    'u.subscription_tier': (text) => (text === 'elite' ? 1 : 0),
    'ps.profile_visibility': (text) => visibilityCode(text),
  };
  return PACKED.map((c) => byColumn[c] ?? null);
}

/** Column numbers (PACKED's order) that the readers below name: constants, so that reading a row looks nothing up. */
const column = (name: (typeof PACKED)[number]) => PACKED.indexOf(name);
const K_USER_ID = column('p.user_id');
const K_AGE_PREFERENCE_MIN = column('p.age_preference_min');
const K_AGE_PREFERENCE_MAX = column('p.age_preference_max');
const K_IS_VERIFIED = column('u.is_verified');
const K_IS_DELETED = column('u.is_deleted');
const K_SUBSCRIPTION_ENDS = column('u.subscription_ends');
const K_LAST_ACTIVE_AT = column('u.last_active_at');
const K_GENDER = column('p.gender');
const K_LOOKING_FOR = column('p.looking_for');
const K_DATE_OF_BIRTH = column('p.date_of_birth');
const K_COUNTRY = column('p.country');
const K_EDUCATION = column('p.education');
const K_PROFESSION = column('p.profession');
const K_RELIGION = column('p.religion');
const K_MOTHER_TONGUE = column('p.mother_tongue');
const K_MARITAL_STATUS = column('p.marital_status');
const K_DIET = column('p.diet');
const K_RETURN_TO_INDIA_PLANS = column('p.return_to_india_plans');
const K_CULTURAL_INTEGRATION_LEVEL = column('p.cultural_integration_level');
const K_LOCATION_PREFERENCE = column('p.location_preference');
const K_EDUCATION_PREFERENCE = column('p.education_preference');
const K_PROFESSION_PREFERENCE = column('p.profession_preference');
const K_PROFILE_TYPE = column('p.profile_type');
const K_STATUS = column('u.status');
const K_ROLE = column('u.role');
const K_SUBSCRIPTION_TIER = column('u.subscription_tier');
const K_PROFILE_VISIBILITY = column('ps.profile_visibility');
const K_SEARCH_TEXT = column('p.search_text');

/** The fields of `v` that resolve through the cached columns, each column's value given by `value`. */
function assignResolved(v: MemberValues, deleted: boolean, value: (k: number) => number): void {
  v.gender = value(K_GENDER);
  v.lookingFor = value(K_LOOKING_FOR);
  v.country = value(K_COUNTRY);
  v.education = value(K_EDUCATION);
  v.profession = value(K_PROFESSION);
  v.religion = value(K_RELIGION);
  v.tongue = value(K_MOTHER_TONGUE);
  v.marital = value(K_MARITAL_STATUS);
  v.diet = value(K_DIET);
  v.returnPlans = value(K_RETURN_TO_INDIA_PLANS);
  v.integration = value(K_CULTURAL_INTEGRATION_LEVEL);
  v.locPref = value(K_LOCATION_PREFERENCE);
  v.eduPref = value(K_EDUCATION_PREFERENCE);
  v.profPref = value(K_PROFESSION_PREFERENCE);
  v.profileType = value(K_PROFILE_TYPE);
  v.active = !deleted && value(K_STATUS) === 1;
  v.member = value(K_ROLE) === 1;
  v.elite = value(K_SUBSCRIPTION_TIER) === 1;
  v.visibility = value(K_PROFILE_VISIBILITY);
}

/** An empty row of values, every field present (one object shape for every row). */
export function blankValues(): MemberValues {
  return {
    profileId: 0, userId: 0, gender: 0, lookingFor: 0, dob: 0, country: 0, education: 0, profession: 0, religion: 0, tongue: 0, marital: 0,
    diet: 0, returnPlans: 0, integration: 0, locPref: 0, eduPref: 0, profPref: 0, profileType: 0, ageMin: null, ageMax: null,
    moonLongitude: null, verified: false, active: false, member: false, elite: false, visibility: 0, hasPhoto: false, subscriptionEnds: null,
    lastActiveAt: null, text: null, textBytes: null, textFrom: 0, textTo: 0,
  };
}

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

/** A line's profile id (its first value), or NaN when it does not start with one. */
export function lineProfileId(buf: Buffer, from: number): number {
  let n = 0;
  let i = from;
  for (; i < buf.length && i < from + 16; i++) {
    const digit = buf[i] - 48;
    if (digit < 0 || digit > 9) break;
    n = n * 10 + digit;
  }
  return i === from ? Number.NaN : n;
}
