/**
 * The languages of the member app, its emails, pushes and API messages. Adding one: its catalogue
 * (catalogues/<code>.json, the same ids as en.json) and one line here (docs/i18n.md). `font` is the @fontsource
 * package of its script's face (member-ui/styles/fonts.css), which a page in the language preloads.
 */
export const LANGUAGES = [
  // English keeps en-GB's dates and numbers ("7 December 2026", "2,345"), as the app wrote them before it had languages.
  { code: 'en', locale: 'en-GB', name: 'English', font: null },
  { code: 'hi', locale: 'hi-IN', name: 'हिन्दी', font: 'noto-sans-devanagari' },
  { code: 'ta', locale: 'ta-IN', name: 'தமிழ்', font: 'noto-sans-tamil' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [Language, ...Language[]];

/** The cookie holding the language a visitor picked on the landing page (read by the server before sign-in). */
export const LANGUAGE_COOKIE = 'saathi_lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** The @fontsource package of a language's script face, or null where the app's Latin fonts write it. */
export function fontOf(language: Language): string | null {
  return LANGUAGES.find((l) => l.code === language)?.font ?? null;
}

/** The Intl locale of a language: what dates, numbers and plural rules are written with. */
export function localeOf(language: Language): string {
  return LANGUAGES.find((l) => l.code === language)?.locale ?? 'en-GB';
}

/**
 * The first language of an Accept-Language header ("hi-IN,hi;q=0.9,en;q=0.8") that Saathi speaks, by the
 * header's order of preference; null when it names none.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { base: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.base && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? null;
}

/** A visitor's language before sign-in: the one picked on the landing page (its cookie), else the browser's. */
export function visitorLanguage(cookie: string | null | undefined, acceptLanguage: string | null | undefined): Language {
  if (isLanguage(cookie)) return cookie;
  return languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}
