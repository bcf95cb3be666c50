/** Badge text for a count: hidden (null) at 0, "9+" above 9. */
export function badgeCount(count: number | undefined | null): string | null {
  if (!count || count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/** First letter of a name for avatars, upper-cased; "?" when empty. */
export function initialOf(name: string | null | undefined): string {
  const first = name?.trim().charAt(0);
  return first ? first.toLocaleUpperCase() : '?';
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * Under 1 hour "N min(s) ago", under 24 hours "N hour(s) ago",
 * under 7 days "N day(s) ago", otherwise the local date.
 */
export function relativeTime(value: string | Date, now: Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const minutes = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 60_000));
  if (minutes < 60) return plural(minutes, 'min');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 7) return plural(days, 'day');
  return date.toLocaleDateString();
}

/** Given name for greetings: the first word of the full name. */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

/**
 * A whole number with commas between thousands ("2,345"), as en-GB writes it. Written out rather than with
 * toLocaleString: a page's first Intl number format loads the locale's data, 30–40 ms of a phone's search screen.
 */
export function groupedThousands(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-GB');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

/** English month names, for dates written out without Intl (a page's first Intl date format loads locale data). */
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * The date a stored value names: a plain YYYY-MM-DD (`plain`) is that calendar day's midnight UTC, so that it does not
 * shift by zone when read with the UTC getters; null when the value is no date.
 */
export function parseDateValue(value: string): { date: Date; plain: boolean } | null {
  const plain = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(plain ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : { date, plain };
}

/** "December 2024" for a calendar date (a plain date or a moment stored at its midnight UTC); "" when it is no date. */
export function monthAndYear(value: string): string {
  const date = parseDateValue(value)?.date;
  return date ? `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}` : '';
}
