import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGE_COOKIE } from '../../contracts/i18n/languages';

/**
 * The language the page was sent in: the server writes it into <html lang> (the account's language for a member,
 * else the one picked on the landing page, else the browser's Accept-Language), so the app starts in it.
 */
export function pageLanguage(): Language {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

const PICKED = 'saathi.languagePicked';

/**
 * A visitor's own pick on the landing page, kept for this tab until they sign in: the account then takes it (the
 * language is "changed on the landing page or in Settings"). Only a pick counts, not the language the page came in.
 */
export function rememberPick(language: Language): void {
  try {
    window.sessionStorage.setItem(PICKED, language);
  } catch {
    // Without session storage the pick stays this device's only.
  }
}

/** The landing page's pick not yet given to an account, taken (once). */
export function takePick(): Language | null {
  try {
    const picked = window.sessionStorage.getItem(PICKED);
    window.sessionStorage.removeItem(PICKED);
    return isLanguage(picked) ? picked : null;
  } catch {
    return null;
  }
}

/** This device's choice: <html lang> at once, and a cookie the server reads for the pages it sends before sign-in. */
export function rememberLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax`;
}
