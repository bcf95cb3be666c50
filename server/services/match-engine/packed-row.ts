
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
 * column (`LineReader.fillCells`); so is a COPY line holding a backslash (COPY's escapes). A value that is U+001E alone
 * would read as NULL: the profile contracts refuse control characters, so only a write around the app could store
 * one.
 */

/** Between a line's values (U+001F). */
export const SEP = 0x1f;
/** A NULL value (U+001E). */
export const NULL_MARK = 0x1e;

/** The packed columns, in order. The search text is last: it is the longest, and free text. */
export const PACKED = [
  'p.user_id', 'p.age_preference_min', 'p.age_preference_max', 'u.is_verified', 'u.is_deleted', 'u.subscription_ends', 'u.last_active_at',
  'p.gender', 'p.looking_for', 'p.date_of_birth', 'p.country', 'p.education', 'p.profession', 'p.religion', 'p.mother_tongue',
  'p.marital_status', 'p.diet', 'p.return_to_india_plans', 'p.cultural_integration_level', 'p.location_preference',
  'p.education_preference', 'p.profession_preference', 'p.profile_type', 'u.status', 'u.role', 'u.subscription_tier',
  'ps.profile_visibility', 'p.height', 'p.city', 'p.community', 'p.rashi', 'p.created_at', 'p.height_preference_min',
  'p.height_preference_max', 'p.marital_status_preference', 'p.diet_preference', 'p.community_preference', 'p.search_text',
] as const;

/** Values in a line: the profile id, the Moon longitude, then PACKED. */
export const FIELDS = PACKED.length + 2;
/** A line's field of PACKED column k. */
export const F = (k: number) => k + 2;

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
