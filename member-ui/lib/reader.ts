import { READER_COOKIE, parseReaderCookie, readerCookieValue } from '../../contracts/reader';

/** `Temporal.Now.timeZoneId()` where the browser has Temporal (not yet in TypeScript's DOM types). */
function temporalTimeZone(): string | undefined {
  const temporal = (globalThis as { Temporal?: { Now?: { timeZoneId?: () => string } } }).Temporal;
  try {
    return temporal?.Now?.timeZoneId?.();
  } catch {
    return undefined;
  }
}

/**
 * Tells the server this browser's language and time zone (contracts/reader.ts), written again only when they change:
 * the server writes a chat's times in them when it paints the chat into the page.
 */
export function rememberReader(): void {
  // A returning browser already said them: when its language and zone, read without Intl, are the ones the cookie
  // holds, nothing has changed. The page's first Intl.DateTimeFormat loads the locale's data: 25–35 ms in Chromium
  // here, about 100 ms of a start at Lighthouse's 4× throttling, for a cookie that is nearly always the same.
  const said = parseReaderCookie(document.cookie);
  const says = (locale: string | undefined, timeZone: string | undefined) => said?.locale === locale && said?.timeZone === timeZone;
  if (says(navigator.language, temporalTimeZone())) return;
  const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
  if (!locale || !timeZone || says(locale, timeZone)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the Firefox and older Safari members use
  document.cookie = `${READER_COOKIE}=${readerCookieValue({ locale, timeZone })}; path=/; max-age=31536000; samesite=lax`;
}
