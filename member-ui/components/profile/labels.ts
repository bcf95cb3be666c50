import type {
  CULTURAL_INTEGRATION_LEVELS,
  LANGUAGE_FLUENCY,
  NRI_LANGUAGES,
  NRI_RESIDENCE_COUNTRIES,
  RETURN_TO_INDIA_PLANS,
} from '../../../contracts/enums';
import { INDIAN_LANGUAGES } from '../../../contracts/enums';

/** Readable labels for the stored enum values shown on profiles (the API stores snake_case codes). */
export const NRI_COUNTRY_LABELS: Record<(typeof NRI_RESIDENCE_COUNTRIES)[number], string> = {
  usa: 'United States',
  canada: 'Canada',
  uk: 'United Kingdom',
  australia: 'Australia',
  uae: 'United Arab Emirates',
  singapore: 'Singapore',
  new_zealand: 'New Zealand',
  germany: 'Germany',
  france: 'France',
  south_africa: 'South Africa',
  malaysia: 'Malaysia',
  saudi_arabia: 'Saudi Arabia',
  netherlands: 'Netherlands',
  japan: 'Japan',
  other: 'Other',
};

export const CULTURAL_INTEGRATION_LABELS: Record<(typeof CULTURAL_INTEGRATION_LEVELS)[number], string> = {
  traditional: 'Traditional',
  moderate: 'Moderate',
  modern: 'Modern',
};

export const RETURN_PLAN_LABELS: Record<(typeof RETURN_TO_INDIA_PLANS)[number], string> = {
  definite: 'Definitely returning',
  considering: 'Considering returning',
  unlikely: 'Unlikely to return',
  never: 'Not planning to return',
};

/** Each NRI language code's name, from the one list of Indian languages. */
export const LANGUAGE_LABELS = Object.fromEntries(INDIAN_LANGUAGES.map((name) => [name.toLowerCase(), name])) as Record<
  (typeof NRI_LANGUAGES)[number],
  string
>;

export const FLUENCY_LABELS: Record<(typeof LANGUAGE_FLUENCY)[number], string> = {
  native: 'Native',
  fluent: 'Fluent',
  intermediate: 'Intermediate',
  basic: 'Basic',
};

/** Label of a known code, else the value made readable ("non_vegetarian" → "Non vegetarian"). */
export function labelOf(labels: Record<string, string>, value: string | null | undefined): string | null {
  if (!value) return null;
  if (value in labels) return labels[value];
  return humanize(value);
}

export function humanize(value: string | null | undefined): string | null {
  if (!value) return null;
  const spaced = value.replace(/_/g, ' ').trim();
  return spaced ? spaced.charAt(0).toLocaleUpperCase() + spaced.slice(1) : null;
}

/** Shown for a field a profile leaves empty (a catalogue id). */
export const NOT_SPECIFIED = 'profile.notSpecified';
