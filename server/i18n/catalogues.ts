import type { Language } from '../../contracts/i18n/languages';
import en from '../../contracts/i18n/catalogues/en.json';
import hi from '../../contracts/i18n/catalogues/hi.json';
import ta from '../../contracts/i18n/catalogues/ta.json';

/**
 * Every language's catalogue, whole (the server's own `server.*` messages too). Imported, not read at start: the
 * single executable is one CommonJS bundle (no top-level await) that carries them. The type makes a language added to
 * contracts/i18n/languages.ts without its line here a compile error. A message a catalogue lacks is its English one.
 */
const OWN = { en, hi, ta } satisfies Record<Language, Record<string, string>>;

const english: Record<string, string> = en;

export const CATALOGUES: Record<Language, Record<string, string>> = Object.fromEntries(
  (Object.entries(OWN) as Array<[Language, Record<string, string>]>).map(([code, own]) => [code, { ...english, ...own }]),
) as Record<Language, Record<string, string>>;
