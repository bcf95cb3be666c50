import type { PrimitiveType } from 'react-intl';
import { createIntl, type IntlShape } from 'react-intl';
import { localeOf, DEFAULT_LANGUAGE } from '../../contracts/i18n/languages';
import { ENGLISH_MESSAGES, type MessageId } from './catalogue';
import { validationMessage } from '../../contracts/i18n/validation';

export type MessageValues = Record<string, PrimitiveType>;

let current: IntlShape = createIntl({ locale: localeOf(DEFAULT_LANGUAGE), messages: ENGLISH_MESSAGES });

/** Set by I18nProvider on every render: the formatter of the language the app is shown in. */
export function setTranslator(intl: IntlShape): void {
  current = intl;
}

/** The app's formatter, for code outside components; inside one, `useT` (it re-renders on a change of language). */
export function currentIntl(): IntlShape {
  return current;
}

/** A catalogue message in the app's language, for code outside components (a toast from a callback, a page title). */
export function translate(id: MessageId, values?: MessageValues): string {
  return current.formatMessage({ id }, values);
}

/**
 * A message of the contracts' zod schemas (their English text, see contracts/i18n/validation.ts) in the app's
 * language; any other text as it is (an API's `message` is already in the member's language).
 */
export function localizeMessage(text: string): string {
  const known = validationMessage(text);
  return known ? current.formatMessage({ id: known.id as MessageId }, known.values) : text;
}
