import type { ReactNode } from 'react';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import type { CatalogueId } from '../../contracts/i18n/catalogue-ids';
import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGE_COOKIE, localeOf, visitorLanguage } from '../../contracts/i18n/languages';
import { validationMessage } from '../../contracts/i18n/validation';
import { countryNameIn } from '../../contracts/countries';
import { CATALOGUES } from './catalogues';

/**
 * The server's words in the member's language: API error messages, emails and pushes. Messages are the catalogues'
 * (contracts/i18n/catalogues), the server's own under `server.`; docs/i18n.md says how to add one.
 */

const cache = createIntlCache();
const intls = new Map<Language, IntlShape>();

function intlOf(language: Language): IntlShape {
  let intl = intls.get(language);
  if (!intl) {
    // Dates in the server's words are UTC days, as its emails say times in UTC: the same day on every machine.
    intl = createIntl({ locale: localeOf(language), defaultLocale: localeOf(DEFAULT_LANGUAGE), timeZone: 'UTC', messages: CATALOGUES[language], onError: (error) => console.error(error) }, cache);
    intls.set(language, intl);
  }
  return intl;
}

export type Values = Record<string, string | number | Date | null | undefined>;
export type RichValues = Record<string, string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/** A catalogue message in `language` (English where that catalogue lacks it). */
export function translate(language: Language, id: CatalogueId, values?: Values): string {
  return intlOf(language).formatMessage({ id: id as never }, values as never);
}

/** A message with markup (`<link>…</link>` in the catalogue) rendered by the functions in `values`, for emails. */
export function translateRich(language: Language, id: CatalogueId, values: RichValues): ReactNode {
  return intlOf(language).formatMessage({ id: id as never }, values as never) as ReactNode;
}

/** A translator bound to one language: `t(id, values)`, and `t.rich` for messages with markup. */
export function translatorFor(language: Language) {
  const t = (id: CatalogueId, values?: Values) => translate(language, id, values);
  return Object.assign(t, { rich: (id: CatalogueId, values: RichValues) => translateRich(language, id, values), language, locale: localeOf(language) });
}
export type Translator = ReturnType<typeof translatorFor>;

/**
 * A value of one of the contracts' lists (a marital status, a diet, a religion…) in `t`'s language: the catalogue's
 * `opt.<list>.<value>`, the ids the member app labels the same lists with; else the value as stored.
 */
export function optionWord(t: Translator, list: string, value: string): string {
  return catalogueWord(t, `opt.${list}.${value}`, value);
}

/** The catalogue's message `id` in `t`'s language when the catalogue has it, else `fallback`. */
export function catalogueWord(t: Translator, id: string, fallback: string): string {
  return id in CATALOGUES.en ? t(id as CatalogueId) : fallback;
}

/** A country, stored by its English name, in `t`'s language (`countryNameIn`, as the app names it). */
export function countryWord(t: Translator, name: string): string {
  return countryNameIn(t.locale, name);
}

/** A catalogue's messages as ICU strings (English filling any gap), for the member app's components the server renders. */
export function catalogueOf(language: Language): Record<string, string> {
  return CATALOGUES[language];
}

/** English text of each message under `prefix` (without arguments) → its id, to find a text's translations by its words. */
const idsByText = (prefix: string) =>
  new Map(
    Object.entries(CATALOGUES.en)
      .filter(([id, text]) => id.startsWith(prefix) && !text.includes('{'))
      .map(([id, text]) => [text, id as CatalogueId]),
  );
/** Any refusal with the text of a `server.error.` message is translated. */
const errorIdByText = idsByText('server.error.');
const planIdByText = idsByText('server.plan.');

/**
 * A plan's description or feature (the plans are rows of the database, seeded in English: db/seeds/reference-data.ts)
 * in `language`: the catalogue's `server.plan.*` message with the same English words; a text changed in the database
 * is shown as written.
 */
export function localizedPlanText(text: string, language: Language): string {
  const id = language === DEFAULT_LANGUAGE ? undefined : planIdByText.get(text);
  return id ? translate(language, id) : text;
}

/**
 * An error's `message` (written in English where it is thrown) in `language`: the schema texts of contracts/ and the
 * server's refusals the catalogue has; any other text stays English (docs/i18n.md: add it to the catalogue).
 */
export function localizedMessage(text: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return text;
  const known = validationMessage(text);
  if (known) return translate(language, known.id as CatalogueId, known.values);
  const id = errorIdByText.get(text);
  return id ? translate(language, id) : text;
}

interface RequestLike {
  state: { user?: { language?: string | null } | null };
  cookies: { get(name: string, options?: { signed: boolean }): string | undefined };
  get(header: string): string;
}

/**
 * The language of the request's answers: the signed-in member's; before sign-in the one picked on the landing page
 * (its cookie), else the browser's Accept-Language, never that of an account being signed into.
 */
export function requestLanguage(ctx: RequestLike): Language {
  const own = ctx.state.user?.language;
  return isLanguage(own) ? own : visitorLanguageOf(ctx);
}

/** The language a visitor's request asks for: the landing page's choice (its cookie), else Accept-Language. */
export function visitorLanguageOf(ctx: Pick<RequestLike, 'cookies' | 'get'>): Language {
  return visitorLanguage(ctx.cookies.get(LANGUAGE_COOKIE, { signed: false }), ctx.get('Accept-Language'));
}
