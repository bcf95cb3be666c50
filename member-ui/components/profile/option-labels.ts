import { countryNames, diasporaCountryNames } from '../../../contracts/countries';
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
import { HEIGHT_MAX_CM, HEIGHT_MIN_CM, INCOME_CURRENCIES, SIBLINGS_MAX, formatHeight, formatIncome, incomeRanges } from '../../../contracts/profile-basics';
import { PROFILE_FOR, PROFILE_FOR_VALUES } from '../../../contracts/profile-for';
import { type SelectOption, optionsOf } from '../ui/select-field';

/** "never_married" → "Never married", "uk" stays readable as "Uk"; lists with proper labels override below. */
export function humanize(value: string): string {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const labelled = (values: readonly string[], labels: Record<string, string> = {}): SelectOption[] =>
  values.map((value) => ({ value, label: labels[value] ?? humanize(value) }));

export const GENDER_OPTIONS = labelled(GENDERS);
export const PROFILE_TYPE_OPTIONS = labelled(PROFILE_TYPES, { self: 'Self', parent: 'Parent / Guardian', sibling: 'Sibling', relative: 'Relative', friend: 'Friend' });
/** "This profile is for": myself, my son, my daughter… (registration and the wizard). */
export const PROFILE_FOR_OPTIONS: SelectOption[] = PROFILE_FOR_VALUES.map((value) => ({ value, label: PROFILE_FOR[value].label }));
/** Every centimetre the profile accepts, each with its feet and inches. */
export const HEIGHT_OPTIONS: SelectOption[] = Array.from({ length: HEIGHT_MAX_CM - HEIGHT_MIN_CM + 1 }, (_, i) => {
  const cm = HEIGHT_MIN_CM + i;
  return { value: String(cm), label: formatHeight(cm) ?? String(cm) };
});
export const SIBLING_COUNT_OPTIONS = optionsOf(Array.from({ length: SIBLINGS_MAX + 1 }, (_, i) => String(i)));
const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });
export const INCOME_CURRENCY_OPTIONS: SelectOption[] = INCOME_CURRENCIES.map((code) => ({ value: code, label: `${code} – ${currencyNames.of(code) ?? code}` }));
/** The annual income ranges offered in a currency; choosing one stores its lower bound. */
export function incomeRangeOptions(currency: string | null | undefined): SelectOption[] {
  if (!currency) return [];
  return incomeRanges(currency).map((range) => ({ value: String(range.min), label: formatIncome(range.min, currency) ?? String(range.min) }));
}
export const RELATIONSHIP_OPTIONS = labelled(PARENT_RELATIONSHIPS);
export const EDUCATION_OPTIONS = optionsOf(EDUCATION_LEVELS);
export const RELIGION_OPTIONS = optionsOf(RELIGIONS);
export const MOTHER_TONGUE_OPTIONS = optionsOf(MOTHER_TONGUES);
export const MARITAL_STATUS_OPTIONS = labelled(MARITAL_STATUSES);
export const DIET_OPTIONS = labelled(DIETS, { non_vegetarian: 'Non-vegetarian' });
export const FAMILY_TYPE_OPTIONS = labelled(FAMILY_TYPES);
export const FAMILY_VALUES_OPTIONS = labelled(FAMILY_VALUES);
export const ZODIAC_OPTIONS = optionsOf(ZODIAC_SIGNS);
export const RASHI_OPTIONS = optionsOf(RASHIS);
export const NAKSHATRA_OPTIONS = optionsOf(NAKSHATRAS);
export const MANGLIK_OPTIONS: SelectOption[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
export const BIRTH_HOUR_OPTIONS = optionsOf(Array.from({ length: 12 }, (_, i) => String(i + 1)));
export const BIRTH_MINUTE_OPTIONS = optionsOf(Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0')));
export const AM_PM_OPTIONS = optionsOf(['AM', 'PM']);

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

let countryOptionList: SelectOption[] | null = null;
/**
 * Country options, made on first use (the country table is built lazily: see contracts/countries.ts): where most
 * members live first, then every country.
 */
export function countryOptions(): SelectOption[] {
  countryOptionList ??= [
    ...optionsOf(diasporaCountryNames()).map((o) => ({ ...o, group: 'Where most members live' })),
    ...optionsOf(countryNames()).map((o) => ({ ...o, group: 'All countries' })),
  ];
  return countryOptionList;
}
