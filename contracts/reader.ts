/**
 * The member's browser's language and time zone (what its clock and `toLocale…String()` use), kept in a cookie the
 * member app writes when it starts, so that the server can write a chat's times as the app will (the chat's first
 * screen is painted on the server only for a browser that has said them).
 */
export const READER_COOKIE = 'saathi.reader';

export interface Reader {
  locale: string;
  timeZone: string;
}

/** The cookie's value for a reader: "locale|time zone", each URI-encoded. */
export function readerCookieValue(reader: Reader): string {
  return `${encodeURIComponent(reader.locale)}|${encodeURIComponent(reader.timeZone)}`;
}

/** The locale and zone a cookie value holds, as written, without checking them (no Intl: see member-ui/lib/reader.ts). */
export function readerCookieParts(value: string | undefined | null): Reader | null {
  if (!value || value.length > 200) return null;
  const [locale, timeZone, extra] = value.split('|').map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return '';
    }
  });
  if (!locale || !timeZone || extra !== undefined) return null;
  return { locale, timeZone };
}

/** The reader cookie's parts in a `document.cookie` string, unchecked; null when it is not there. */
export function parseReaderCookie(cookies: string): Reader | null {
  const prefix = `${READER_COOKIE}=`;
  const pair = cookies.split('; ').find((c) => c.startsWith(prefix));
  return pair ? readerCookieParts(pair.slice(prefix.length)) : null;
}

/** The reader a cookie value names, or null when it is missing or names a language or zone this runtime does not know. */
export function parseReader(value: string | undefined | null): Reader | null {
  const parts = readerCookieParts(value);
  if (!parts) return null;
  try {
    // Both throw a RangeError for a malformed locale or an unknown zone.
    const [canonical] = Intl.getCanonicalLocales(parts.locale);
    new Intl.DateTimeFormat(canonical, { timeZone: parts.timeZone });
    // The zone as the browser named it (ICU would answer Asia/Calcutta for Asia/Kolkata: the same clock).
    return { locale: canonical, timeZone: parts.timeZone };
  } catch {
    return null;
  }
}
