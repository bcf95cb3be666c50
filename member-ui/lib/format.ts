import { DEFAULT_LANGUAGE, localeOf } from '../../contracts/i18n/languages';
import { figureText } from '../../contracts/site-figures';
import { currentIntl, translate } from '../i18n/translate';

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

/**
 * Dates, numbers and money are written in the app's language (member-ui/i18n): its Intl locale for Hindi and Tamil
 * (Indian digit grouping: 12,34,567). English keeps en-GB's forms written out without Intl: a page's first Intl
 * format loads the locale's data, 25–40 ms of a phone's start, for words that never change.
 */
const appLocale = (): string => currentIntl().locale;
const inEnglish = (): boolean => appLocale() === localeOf(DEFAULT_LANGUAGE);

/**
 * Under 1 hour "N min(s) ago", under 24 hours "N hour(s) ago",
 * under 7 days "N day(s) ago", otherwise the local date.
 */
export function relativeTime(value: string | Date, now: Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const minutes = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 60_000));
  if (minutes < 60) return translate('time.minutesAgo', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return translate('time.hoursAgo', { count: hours });
  const days = Math.floor(hours / 24);
  if (days < 7) return translate('time.daysAgo', { count: days });
  return inEnglish() ? date.toLocaleDateString() : date.toLocaleDateString(appLocale());
}

/** Given name for greetings: the first word of the full name. */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

/**
 * A whole number as the app's language writes it: "2,345" in English (written out, see above), "12,34,567" in
 * Hindi and Tamil.
 */
export function groupedThousands(n: number): string {
  if (!inEnglish()) return new Intl.NumberFormat(appLocale()).format(n);
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
  if (!date) return '';
  if (!inEnglish()) return new Intl.DateTimeFormat(appLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
  return `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "21 August 1993" in the app's language, for a calendar date read with the UTC getters (`plain`) or a moment. */
export function dayMonthYear(date: Date, plain: boolean): string {
  if (!inEnglish()) return new Intl.DateTimeFormat(appLocale(), { day: 'numeric', month: 'long', year: 'numeric', ...(plain ? { timeZone: 'UTC' } : {}) }).format(date);
  return plain
    ? `${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`
    : `${date.getDate()} ${MONTH_NAMES[date.getMonth()]} ${date.getFullYear()}`;
}

/** A height in centimetres with its feet and inches, in the app's language: "163 cm (5 ft 4 in)". */
export function heightLabel(cm: number | null | undefined): string | null {
  if (cm === null || cm === undefined || !Number.isFinite(cm)) return null;
  const inches = Math.round(cm / 2.54);
  return translate('units.height', { cm, feet: Math.floor(inches / 12), inches: inches % 12 });
}

/** An amount of money in the app's language: "₹1,50,000" in Hindi, "£1,500" in English. */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat(appLocale(), { style: 'currency', currency, maximumFractionDigits: Number.isInteger(amount) ? 0 : 2 }).format(amount);
}

/** A site figure (at least 10, rounded down) as the landing page shows it: "1.2K+" in English, "1.2 हज़ार+" in Hindi. */
export function siteFigure(figure: number): string {
  if (inEnglish()) return figureText(figure);
  const rounded = figure >= 1000 ? Math.floor(figure / 100) * 100 : figure;
  return `${new Intl.NumberFormat(appLocale(), { notation: 'compact', maximumFractionDigits: 1 }).format(rounded)}+`;
}
