import { countryNameIn, countryNames, diasporaCountryNames } from '../../../contracts/countries';
import {
  DIETS,
  EDUCATION_LEVELS,
  FAMILY_TYPES,
  FAMILY_VALUES,
  GENDERS,
  MARITAL_STATUSES,
  MOTHER_TONGUES,
  NAKSHATRAS,
  PARENT_RELATIONSHIPS,
  PROFILE_TYPES,
  RASHIS,
  RELIGIONS,
  ZODIAC_SIGNS,
} from '../../../contracts/enums';
import { HEIGHT_MAX_CM, HEIGHT_MIN_CM, INCOME_CURRENCIES, SIBLINGS_MAX, incomeRanges } from '../../../contracts/profile-basics';
import { incomeLabel } from './profile-format';
import { PROFILE_FOR, PROFILE_FOR_VALUES } from '../../../contracts/profile-for';
import { type SelectOption, optionsOf } from '../ui/select-field';
import { optionLabel } from '../../i18n/option-label';
import { currentIntl, translate } from '../../i18n/translate';
import { heightLabel } from '../../lib/format';

/** "never_married" → "Never married", "uk" stays readable as "Uk"; lists with proper labels override below. */
export function humanize(value: string): string {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A list's options in the app's language (`opt.<list>.<value>`, see optionLabel), English where the catalogue has
 * none. Each is a function, called when a form renders, so the labels follow a change of language.
 */
const listed =
  (list: string, values: readonly string[], english: Record<string, string> = {}) =>
  (): SelectOption[] =>
    values.map((value) => ({ value, label: optionLabel(list, value, english[value] ?? humanize(value)) }));

export const genderOptions = listed('gender', GENDERS);
export const profileTypeOptions = listed('profileType', PROFILE_TYPES, { parent: 'Parent / Guardian' });
/** "This profile is for": myself, my son, my daughter… (registration and the wizard). */
export const PROFILE_FOR_OPTIONS: SelectOption[] = PROFILE_FOR_VALUES.map((value) => ({ value, label: PROFILE_FOR[value].label }));
/** The same choices in the app's language (`profileFor.*`). */
export const profileForOptions = (): SelectOption[] => PROFILE_FOR_VALUES.map((value) => ({ value, label: translate(`profileFor.${value}`) }));
/** Every centimetre the profile accepts, each with its feet and inches. */
export function heightOptions(): SelectOption[] {
  return Array.from({ length: HEIGHT_MAX_CM - HEIGHT_MIN_CM + 1 }, (_, i) => {
    const cm = HEIGHT_MIN_CM + i;
    return { value: String(cm), label: heightLabel(cm) ?? String(cm) };
  });
}
export const SIBLING_COUNT_OPTIONS = optionsOf(Array.from({ length: SIBLINGS_MAX + 1 }, (_, i) => String(i)));
/** "INR – Indian rupee", the currency's name in the app's language. */
export function incomeCurrencyOptions(): SelectOption[] {
  const names = new Intl.DisplayNames([currentIntl().locale, 'en'], { type: 'currency' });
  return INCOME_CURRENCIES.map((code) => ({ value: code, label: `${code} – ${names.of(code) ?? code}` }));
}
/** The annual income ranges offered in a currency, in the app's language; choosing one stores its lower bound. */
export function incomeRangeOptions(currency: string | null | undefined): SelectOption[] {
  if (!currency) return [];
  return incomeRanges(currency).map((range) => ({ value: String(range.min), label: incomeLabel(range.min, currency) ?? String(range.min) }));
}
export const relationshipOptions = listed('relation', PARENT_RELATIONSHIPS);
export const educationOptions = listed('education', EDUCATION_LEVELS, Object.fromEntries(EDUCATION_LEVELS.map((v) => [v, v])));
export const religionOptions = listed('religion', RELIGIONS, Object.fromEntries(RELIGIONS.map((v) => [v, v])));
export const motherTongueOptions = listed('language', MOTHER_TONGUES, Object.fromEntries(MOTHER_TONGUES.map((v) => [v, v])));
export const maritalStatusOptions = listed('marital', MARITAL_STATUSES);
export const dietOptions = listed('diet', DIETS, { non_vegetarian: 'Non-vegetarian' });
export const familyTypeOptions = listed('familyType', FAMILY_TYPES);
export const familyValuesOptions = listed('familyValues', FAMILY_VALUES);
export const zodiacOptions = listed('zodiac', ZODIAC_SIGNS, Object.fromEntries(ZODIAC_SIGNS.map((v) => [v, v])));
export const rashiOptions = listed('rashi', RASHIS, Object.fromEntries(RASHIS.map((v) => [v, v])));
export const nakshatraOptions = listed('nakshatra', NAKSHATRAS, Object.fromEntries(NAKSHATRAS.map((v) => [v, v])));
export const manglikOptions = listed('manglik', ['yes', 'no']);
export const BIRTH_HOUR_OPTIONS = optionsOf(Array.from({ length: 12 }, (_, i) => String(i + 1)));
export const BIRTH_MINUTE_OPTIONS = optionsOf(Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0')));
export const amPmOptions = listed('ampm', ['AM', 'PM'], { AM: 'AM', PM: 'PM' });

/** The partner gender offered by default: the opposite of the member's, none for "other". */
export function oppositeGender(gender: string): string {
  if (gender === 'male') return 'female';
  if (gender === 'female') return 'male';
  return '';
}

/** Latest date of birth that is 18 today, as YYYY-MM-DD (the date input's max). */
export function latestAdultBirthDate(today = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

let countryOptionList: { language: string; options: SelectOption[] } | null = null;
/**
 * Country options, made on first use in a language (the country table is built lazily: see contracts/countries.ts):
 * where most members live first, then every country.
 */
export function countryOptions(): SelectOption[] {
  const language = currentIntl().locale;
  if (countryOptionList?.language !== language) {
    const [near, all] = [translate('editor.countriesNear'), translate('editor.countriesAll')];
    const named = (name: string) => countryNameIn(language, name);
    const option = (name: string, group: string) => ({ value: name, label: named(name), group });
    countryOptionList = {
      language,
      options: [...diasporaCountryNames().map((name) => option(name, near)), ...countryNames().map((name) => option(name, all))],
    };
  }
  return countryOptionList.options;
}

