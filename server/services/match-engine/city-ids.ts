import { findCity } from '../../../contracts/gazetteer';
import type { Dictionaries } from './dictionaries';
import { NO_CITY } from './store';

/**
 * A member's city as the index keeps it: its id in the gazetteer of contracts/gazetteer.ts (NO_CITY when the
 * gazetteer does not know that city in that country), looked up once per (city, country) pair of dictionary ids.
 */
export class CityIds {
  private readonly ids = new Map<number, number>();

  of(d: Dictionaries, city: number, country: number): number {
    if (city === 0 || country === 0) return NO_CITY;
    const key = city * 65_536 + country;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = findCity(d.cities.values[city], d.countries.values[country])?.id ?? NO_CITY;
      // Bounded: the cities are the members' own words.
      if (this.ids.size >= 100_000) this.ids.clear();
      this.ids.set(key, id);
    }
    return id;
  }
}

/** A height in cm the index keeps (1-255), else null. */
export function heightOrNull(cm: number | null): number | null {
  if (cm === null) return null;
  const n = Number(cm);
  return Number.isInteger(n) && n >= 1 && n <= 255 ? n : null;
}
