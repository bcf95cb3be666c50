import { NO_AGE, NO_DOB } from './store';

const DAY_MS = 86_400_000;
const SPAN_DAYS = 130 * 366;

/**
 * Full years on a given UTC day for every birth date (days since 1970), as ageFromDateOfBirth counts them: a
 * table over the last 130 years built once per day, so a candidate's age is one lookup. Ages above 254 read as
 * 254 (every age factor and filter treats them alike); a birth date in the future has no age.
 */
export class AgeTable {
  readonly day: number;
  private readonly first: number;
  private readonly ages: Uint8Array;

  constructor(today: Date) {
    this.day = Math.floor(today.getTime() / DAY_MS);
    this.first = this.day - SPAN_DAYS;
    this.ages = new Uint8Array(SPAN_DAYS + 1);
    const ty = today.getUTCFullYear();
    const tm = today.getUTCMonth() + 1;
    const td = today.getUTCDate();
    for (let i = 0; i <= SPAN_DAYS; i++) this.ages[i] = ageOn(this.first + i, ty, tm, td);
  }

  private readonly ranges = new Map<number, [number, number]>();

  /**
   * Birth dates (days) from lo to hi hold every member aged minAge to maxAge (more, at the open ends: the caller
   * still checks each member's age). Ages only fall as birth dates get later, so each end is one search.
   */
  dobRange(minAge: number, maxAge: number): [number, number] {
    const key = minAge * 256 + maxAge;
    let range = this.ranges.get(key);
    if (!range) {
      let lo = Number.NEGATIVE_INFINITY;
      let hi = Number.POSITIVE_INFINITY;
      if (maxAge < 254) {
        lo = Number.POSITIVE_INFINITY;
        for (let i = 0; i <= SPAN_DAYS; i++) {
          if (this.ages[i] <= maxAge) {
            lo = this.first + i;
            break;
          }
        }
      }
      if (minAge > 0) {
        // Before the table's first day everyone reads as 254.
        hi = minAge <= 254 ? this.first - 1 : Number.NEGATIVE_INFINITY;
        for (let i = SPAN_DAYS; i >= 0; i--) {
          if (this.ages[i] >= minAge && this.ages[i] !== NO_AGE) {
            hi = this.first + i;
            break;
          }
        }
      }
      range = [lo, hi];
      if (this.ranges.size > 1000) this.ranges.clear();
      this.ranges.set(key, range);
    }
    return range;
  }

  ageOf(dob: number): number {
    if (dob === NO_DOB) return NO_AGE;
    const i = dob - this.first;
    if (i >= 0 && i <= SPAN_DAYS) return this.ages[i];
    if (i < 0) return 254;
    return NO_AGE;
  }
}

function ageOn(dob: number, ty: number, tm: number, td: number): number {
  const d = new Date(dob * DAY_MS);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  let age = ty - y;
  if (tm < m || (tm === m && td < d.getUTCDate())) age -= 1;
  if (age < 0) return NO_AGE;
  return Math.min(254, age);
}

/** The UTC calendar day of an instant, 'YYYY-MM-DD'. */
export const dayString = (date: Date) => date.toISOString().slice(0, 10);

/** Noon UTC of a 'YYYY-MM-DD' day (the instant ages are counted at for that day). */
export const dayAt = (day: string) => new Date(`${day}T12:00:00Z`);
