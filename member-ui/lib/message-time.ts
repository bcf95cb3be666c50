import { DEFAULT_LANGUAGE, localeOf } from '../../contracts/i18n/languages';
import type { MessageView } from '../../contracts/views';
import { currentIntl, translate } from '../i18n/translate';

/**
 * Short relative times for the conversation list, in the app's language: "just now" under a minute, then
 * "5m ago", "3h ago", "2d ago", "1mo ago", "1y ago".
 */
export function shortRelativeTime(value: string | Date, now: Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000));
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return translate('chatTime.justNow');
  if (minutes < 60) return translate('chatTime.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return translate('chatTime.hours', { count: hours });
  const days = Math.floor(hours / 24);
  if (days < 30) return translate('chatTime.days', { count: days });
  const months = Math.floor(days / 30);
  if (months < 12) return translate('chatTime.months', { count: months });
  return translate('chatTime.years', { count: Math.floor(days / 365) });
}

/**
 * Whose clock and language the times are written in: the browser's own (undefined: its default locale and time zone),
 * or, while the server paints a member's chat (member-ui/first-screen/), the ones that member's browser reported
 * (the `saathi.reader` cookie, see reader.ts), so that the page's times are the ones the app then renders. In Hindi
 * or Tamil the dates and clock times are the app language's (its Intl locale), on the reader's clock.
 */
let reader: { locale?: string; timeZone?: string } = {};

/** Runs `render` with the times written for `locale` and `timeZone` (synchronously: the setting is module-wide). */
export function asReader<T>(locale: string, timeZone: string, render: () => T): T {
  const before = reader;
  reader = { locale, timeZone };
  try {
    return render();
  } finally {
    reader = before;
  }
}

const FORMATS = {
  day: { year: 'numeric', month: 'numeric', day: 'numeric' },
  longDate: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
  clock: { hour: 'numeric', minute: '2-digit' },
  shortDate: { day: 'numeric', month: 'short', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** At most this many kept: the server paints chats for whatever language and zone a member's cookie names. */
const MAX_FORMATTERS = 400;
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One Intl.DateTimeFormat per format and reader, made once: `toLocaleDateString(locale, options)` makes a new one at
 * every call, and a chat labels every day and times every message (making them would take 160 ms of one task of a
 * chat's render at 4× CPU throttling). Same text: toLocale…String with options is defined as a new formatter's `format`.
 */
function formatter(kind: keyof typeof FORMATS, locale = readerLocale()): Intl.DateTimeFormat {
  const key = `${kind}|${locale ?? ''}|${reader.timeZone ?? ''}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...FORMATS[kind], timeZone: reader.timeZone });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, format);
  }
  return format;
}

function readerLocale(): string | undefined {
  const app = currentIntl().locale;
  return app === localeOf(DEFAULT_LANGUAGE) ? reader.locale : app;
}

/** The calendar day of `date` on the reader's clock, as "year-month-day" numbers. */
function dayParts(date: Date): [number, number, number] {
  if (!reader.timeZone) return [date.getFullYear(), date.getMonth(), date.getDate()];
  const parts = formatter('day', 'en-US').formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [part('year'), part('month') - 1, part('day')];
}

function localDayKey(date: Date): string {
  return dayParts(date).join('-');
}

/** Whether `date` is the reader's today (0), yesterday (1), or another day (null). */
function daysBack(date: Date, now: Date): 0 | 1 | null {
  if (localDayKey(date) === localDayKey(now)) return 0;
  const [year, month, day] = dayParts(now);
  // The day before the reader's today, whatever its length (a change of clocks): its key from its calendar date.
  const yesterday = new Date(Date.UTC(year, month, day - 1));
  const yesterdayKey = `${yesterday.getUTCFullYear()}-${yesterday.getUTCMonth()}-${yesterday.getUTCDate()}`;
  return localDayKey(date) === yesterdayKey ? 1 : null;
}

/** "Today", "Yesterday" or a long date ("Monday, 3 March 2025" in the reader's locale), in the app's language. */
export function dayLabel(date: Date, now: Date = new Date()): string {
  const back = daysBack(date, now);
  if (back === 0) return translate('chatTime.today');
  if (back === 1) return translate('chatTime.yesterday');
  return formatter('longDate').format(date);
}

export interface MessageDay<T extends { createdAt: string } = MessageView> {
  key: string;
  label: string;
  messages: T[];
}

/** Consecutive messages (or any dated lines of a chat) grouped by local calendar day, in the order given (oldest first). */
export function groupByDay<T extends { createdAt: string } = MessageView>(messages: T[], now: Date = new Date()): MessageDay<T>[] {
  const days: MessageDay<T>[] = [];
  for (const message of messages) {
    const date = new Date(message.createdAt);
    const key = localDayKey(date);
    const last = days[days.length - 1];
    if (last && last.key === key) last.messages.push(message);
    else days.push({ key, label: dayLabel(date, now), messages: [message] });
  }
  return days;
}

/** Clock time of a bubble, e.g. "14:05" or "2:05 PM" per the reader's locale. */
export function clockTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : formatter('clock').format(date);
}

/** "Last seen 5m ago" / "Last seen yesterday at …" for the chat header. */
export function lastSeenText(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const ago = now.getTime() - date.getTime();
  if (ago < 60_000) return translate('chatTime.lastSeenJustNow');
  if (ago < 24 * 3_600_000) return translate('chatTime.lastSeen', { when: shortRelativeTime(date, now) });
  if (daysBack(date, now) === 1) return translate('chatTime.lastSeenYesterday', { time: clockTime(value) });
  return translate('chatTime.lastSeen', { when: formatter('shortDate').format(date) });
}
