import { countryNameIn } from '../../contracts/countries';
import { currentIntl } from './translate';

/** A country, stored by its English name, in the app's language now (`countryNameIn`). */
export function countryLabel(name: string): string {
  return countryNameIn(currentIntl().locale, name);
}

/**
 * Where a member lives, for a card: "Montreal, कनाडा", the city as they typed it and the country in the app's
 * language; else their own location text, the city or the country alone; null when nothing is known.
 */
export function placeOf(place: { city?: string | null; country?: string | null; location?: string | null }): string | null {
  if (place.city && place.country) return `${place.city}, ${countryLabel(place.country)}`;
  return place.location || place.city || (place.country ? countryLabel(place.country) : null);
}
