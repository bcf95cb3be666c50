import { countryCode } from '../../contracts/countries';
import { DEFAULT_LANGUAGE, localeOf } from '../../contracts/i18n/languages';
import { currentIntl } from './translate';

/**
 * A country, stored by its English name (the value members pick), in the app's language: Intl's region names by its
 * ISO code. English shows the stored name; a name that is not a country (a member's own words) is shown as written.
 */
export function countryNamer(locale: string): (name: string) => string {
  if (locale === localeOf(DEFAULT_LANGUAGE)) return (name) => name;
  const regions = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  return (name) => {
    const code = countryCode(name);
    return (code && regions.of(code)) || name;
  };
}

let current: { locale: string; name: (country: string) => string } | null = null;
/** `countryNamer` of the app's language now (made once per language: naming regions loads the platform's table). */
export function countryLabel(name: string): string {
  const { locale } = currentIntl();
  if (current?.locale !== locale) current = { locale, name: countryNamer(locale) };
  return current.name(name);
}

/**
 * Where a member lives, for a card: "Montreal, कनाडा", the city as they typed it and the country in the app's
 * language; else their own location text, the city or the country alone; null when nothing is known.
 */
export function placeOf(place: { city?: string | null; country?: string | null; location?: string | null }): string | null {
  if (place.city && place.country) return `${place.city}, ${countryLabel(place.country)}`;
  return place.location || place.city || (place.country ? countryLabel(place.country) : null);
}
