import { LANGUAGES, type Language } from '../../contracts/i18n/languages';

/**
 * Every language's catalogue, whole (the server's own `server.*` messages too), read once at start: the list of
 * languages is contracts/i18n/languages.ts, so a new language's catalogue is picked up without a line here. A message
 * a catalogue lacks is its English one.
 */
const english = (await import('../../contracts/i18n/catalogues/en.json')).default as Record<string, string>;

export const CATALOGUES: Record<Language, Record<string, string>> = Object.fromEntries(
  await Promise.all(
    LANGUAGES.map(async ({ code }) => {
      const own = (await import(`../../contracts/i18n/catalogues/${code}.json`)).default as Record<string, string>;
      return [code, { ...english, ...own }] as const;
    }),
  ),
) as Record<Language, Record<string, string>>;
