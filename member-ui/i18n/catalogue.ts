import type { MessageFormatElement } from 'react-intl';
import type { Language } from '../../contracts/i18n/languages';
import en from '../../contracts/i18n/catalogues/en.json';

/**
 * The member app's catalogues: English is in the app's own code (the default, and every id's source text); another
 * language is its own file, fetched when that language is chosen (esbuild makes each catalogue its own chunk). The
 * browser build precompiles every message to FormatJS's AST (build.mjs, `catalogueAst`), so the ICU parser stays out
 * of the bundle; under Node (tests, the server's first screen) the messages are the catalogue's ICU strings.
 */

/** Every message id of the catalogues. Ids under `server.` (API errors, emails, pushes) never reach the browser. */
export type CatalogueId = keyof typeof en;
/** The ids the member app may use. */
export type MessageId = Exclude<CatalogueId, `server.${string}`>;

/** A whole catalogue (English fills what another language lacks), as FormatJS takes it. */
export type Messages = Record<MessageId, string> | Record<MessageId, MessageFormatElement[]>;

export const ENGLISH_MESSAGES = en as Messages;

const loaded = new Map<Language, Messages>([['en', ENGLISH_MESSAGES]]);

/**
 * The catalogue of `language`, fetched once (English is already here). A message a catalogue does not have yet is
 * shown in English rather than as its id.
 */
export async function loadCatalogue(language: Language): Promise<Messages> {
  const known = loaded.get(language);
  if (known) return known;
  const own = (await import(`../../contracts/i18n/catalogues/${language}.json`)).default as Partial<Messages>;
  const messages = { ...ENGLISH_MESSAGES, ...own } as Messages;
  loaded.set(language, messages);
  return messages;
}

/** A catalogue already fetched, or null. */
export function loadedCatalogue(language: Language): Messages | null {
  return loaded.get(language) ?? null;
}
