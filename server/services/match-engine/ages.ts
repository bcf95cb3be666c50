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
