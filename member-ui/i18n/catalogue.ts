import type { MessageFormatElement } from 'react-intl';
import type { CatalogueId, MessageId } from '../../contracts/i18n/catalogue-ids';
import type { Language } from '../../contracts/i18n/languages';
import en from '../../contracts/i18n/catalogues/en.json';

/**
 * The member app's catalogues, one file per language; English holds every id's source text. In the browser each is
 * its own chunk, fetched when its language is needed (the server preloads the page's with the page), English too:
 * build.mjs (`catalogueAst`) leaves this file's static import of it empty there, so the initial code does not grow
 * with the catalogue, and precompiles every message to FormatJS's AST, so the ICU parser stays out of the bundle.
 * Under Node (tests, the server's first screen) the import is the whole English catalogue, as ICU strings.
 */

export type { CatalogueId, MessageId };

/** A whole catalogue (English fills what another language lacks), as FormatJS takes it. */
export type Messages = Record<MessageId, string> | Record<MessageId, MessageFormatElement[]>;

export const ENGLISH_MESSAGES = en as Messages;

/** Whether English came with the code (Node), or is fetched like the others (the browser build). */
const inline = Object.keys(ENGLISH_MESSAGES).length > 0;
const loaded = new Map<Language, Messages>(inline ? [['en', ENGLISH_MESSAGES]] : []);
const fetchOwn = async (language: Language) => (await import(`../../contracts/i18n/catalogues/${language}.json`)).default as Partial<Messages>;

/**
 * The catalogue of `language`, fetched once. A message a catalogue does not have yet is shown in English rather
 * than as its id: in the browser each language's chunk already carries those English texts (build.mjs), so one
 * chunk is fetched; under Node the files are the catalogues as written, and English (inline) fills the gaps.
 */
export async function loadCatalogue(language: Language): Promise<Messages> {
  const known = loaded.get(language);
  if (known) return known;
  const english = language === 'en' || !inline ? {} : ENGLISH_MESSAGES;
  const messages = { ...english, ...(await fetchOwn(language)) } as Messages;
  loaded.set(language, messages);
  return messages;
}

/** A catalogue already fetched, or null. */
export function loadedCatalogue(language: Language): Messages | null {
  return loaded.get(language) ?? null;
}
