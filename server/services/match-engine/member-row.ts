import { NO_DOB } from './store';

/**
 * What the index reads of a member: one per live profile, with its owner's account and privacy facts, its texts
 * already turned into the ids of one index's dictionaries (see packed-row.ts: a reader serves one index). The
 * same shape comes from the start-up scan and from reloading one member after a change.
 */
export interface MemberValues {
  profileId: number;
  userId: number;
  // Dictionary ids (0: none).
  gender: number;
  lookingFor: number;
  country: number;
  education: number;
  profession: number;
  religion: number;
  tongue: number;
  marital: number;
  diet: number;
  returnPlans: number;
  integration: number;
  /** Dictionaries.locPrefId of the stored list */
  locPref: number;
  eduPref: number;
  profPref: number;
  profileType: number;
  /** the birth date's day count (dobDays), NO_DOB when none */
  dob: number;
  ageMin: number | null;
  ageMax: number | null;
  moonLongitude: number | null;
  verified: boolean;
  /** not deleted, and the account's status is active */
  active: boolean;
  /** the account's role is member (not staff) */
  member: boolean;
  /** the subscription tier is elite */
  elite: boolean;
  /** visibilityCode of the privacy setting */
  visibility: number;
  hasPhoto: boolean;
  subscriptionEnds: number | null;
  lastActiveAt: number | null;
  /** The search text: this string, or (when `textBytes` is set) the UTF-8 bytes textBytes[textFrom, textTo). */
  text: string | null;
  textBytes: Buffer | null;
  textFrom: number;
  textTo: number;
  /** cm, null when not given */
  height: number | null;
  /** ms since 1970 the profile was made */
  createdAt: number | null;
  /** the height preference's ends (cm) */
  heightMin: number | null;
  heightMax: number | null;
  /** dictionary ids: the city and community as written */
  city: number;
  community: number;
  /** the entered rashi: 1-12 in RASHIS' order, 0 none */
  rashi: number;
  /** Dictionaries.listPrefId of the stored lists */
  maritalPref: number;
  dietPref: number;
  communityPref: number;
}

/** The search text of these values as a string (null: none). */
export function textOf(v: MemberValues): string | null {
  return v.textBytes === null ? v.text : v.textBytes.toString('utf8', v.textFrom, v.textTo);
}

export const DAY_MS = 86_400_000;

/**
 * Days since 1970 of a 'YYYY-MM-DD' birth date that is a real calendar day, else NO_DOB (as ageFromDateOfBirth).
 * Read digit by digit and counted with the proleptic Gregorian day count (Hinnant's days_from_civil), as a Date
 * would: a million rows at start-up made the regular expression and Date objects a second and a half.
 */
export function dobDays(value: string | null): number {
  if (value === null || value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return NO_DOB;
  let y = 0;
  let m = 0;
  let d = 0;
  for (let i = 0; i < 10; i++) {
    if (i === 4 || i === 7) continue;
    const digit = value.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return NO_DOB;
    if (i < 4) y = y * 10 + digit;
    else if (i < 7) m = m * 10 + digit;
    else d = d * 10 + digit;
  }
  // Years before 100 are no date for ageFromDateOfBirth either (Date.UTC reads them as 19xx).
  if (y < 100 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return NO_DOB;
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const daysInMonth = (y: number, m: number) =>
  m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;

export const visibilityCode = (v: string | null) => (v === null || v === 'all' ? 0 : v === 'matches' ? 1 : 2);
export const ageOrNull = (n: number | null) => (n === null || n === undefined ? null : Number(n));
