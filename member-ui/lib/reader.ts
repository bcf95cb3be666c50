import { READER_COOKIE, readerCookieValue } from '../../contracts/reader';

/**
 * Tells the server this browser's language and time zone (contracts/reader.ts), written again only when they change:
 * the server writes a chat's times in them when it paints the chat into the page.
 */
export function rememberReader(): void {
  const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
  if (!locale || !timeZone) return;
  const cookie = `${READER_COOKIE}=${readerCookieValue({ locale, timeZone })}`;
  if (document.cookie.split('; ').includes(cookie)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the Firefox and older Safari members use
  document.cookie = `${cookie}; path=/; max-age=31536000; samesite=lax`;
}
