import { countryCode } from './countries';
import { MAX_RADIUS_KM } from './enums';
import rows from './city-gazetteer.json';

/**
 * The cities distance search knows (city-gazetteer.json, made by scripts/make-city-gazetteer.mjs from GeoNames:
 * the cities of 100,000 people or more in India and the countries of the diaspora, the largest of a few more
 * countries, and suburbs many Indian families live in), the names members write for some of them (ALIASES) and
 * the metro areas members name (each a centre and a default radius). A member whose city is not here is left out of distance searches;
 * the profile editor offers these names for the city field.
 */

export interface GazetteerCity {
  /** position in the gazetteer + 1 (0: a city it does not know) */
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  lat: number;
  lon: number;
}

export const CITIES: readonly GazetteerCity[] = (rows as Array<[string, string, number, number]>).map(([name, country, lat, lon], i) => ({
  id: i + 1,
  name,
  country,
  lat,
  lon,
}));

export interface Metro {
  name: string;
  /** other names members use for it, matched like the name */
  aliases: string[];
  lat: number;
  lon: number;
  radiusKm: number;
}

export const METROS: readonly Metro[] = [
  { name: 'Greater Toronto', aliases: ['GTA', 'Toronto area'], lat: 43.6532, lon: -79.3832, radiusKm: 60 },
  { name: 'Greater Vancouver', aliases: ['Metro Vancouver', 'Lower Mainland'], lat: 49.2827, lon: -123.1207, radiusKm: 40 },
  { name: 'Bay Area', aliases: ['San Francisco Bay Area', 'SF Bay Area', 'Silicon Valley'], lat: 37.5585, lon: -122.2711, radiusKm: 70 },
  { name: 'NYC metro', aliases: ['New York metro', 'Tri-State Area', 'New York City area'], lat: 40.7128, lon: -74.006, radiusKm: 60 },
  { name: 'New Jersey', aliases: ['Central Jersey', 'NJ'], lat: 40.5187, lon: -74.4121, radiusKm: 60 },
  { name: 'Chicagoland', aliases: ['Chicago metro', 'Greater Chicago'], lat: 41.8781, lon: -87.6298, radiusKm: 60 },
  { name: 'Greater Houston', aliases: ['Houston metro'], lat: 29.7604, lon: -95.3698, radiusKm: 60 },
  { name: 'Dallas–Fort Worth', aliases: ['DFW', 'Dallas-Fort Worth', 'Metroplex'], lat: 32.8998, lon: -97.0403, radiusKm: 70 },
  { name: 'Greater Seattle', aliases: ['Seattle metro', 'Puget Sound'], lat: 47.6062, lon: -122.3321, radiusKm: 50 },
  { name: 'Greater London', aliases: ['London'], lat: 51.5074, lon: -0.1278, radiusKm: 40 },
  { name: 'Dubai', aliases: ['Dubai and Sharjah', 'Northern Emirates'], lat: 25.2048, lon: 55.2708, radiusKm: 40 },
  { name: 'Sydney', aliases: ['Greater Sydney'], lat: -33.8688, lon: 151.2093, radiusKm: 50 },
  { name: 'Melbourne', aliases: ['Greater Melbourne'], lat: -37.8136, lon: 144.9631, radiusKm: 50 },
  { name: 'Singapore', aliases: [], lat: 1.3521, lon: 103.8198, radiusKm: 30 },
  { name: 'Delhi NCR', aliases: ['NCR', 'National Capital Region'], lat: 28.6139, lon: 77.209, radiusKm: 60 },
  { name: 'Mumbai Metropolitan Region', aliases: ['MMR', 'Mumbai metro'], lat: 19.076, lon: 72.8777, radiusKm: 50 },
];

/** The radius of "City, Country" without `withinKm`. */
export const DEFAULT_CITY_RADIUS_KM = 50;
export { MAX_RADIUS_KM };

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[–—]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();

const byKey = new Map<string, GazetteerCity>();
for (const city of CITIES) byKey.set(`${fold(city.name)}|${city.country}`, city);
/** Names members write for a city the gazetteer spells otherwise. */
export const ALIASES: ReadonlyArray<[string, string, string]> = [
  ['New York', 'New York City', 'US'], ['NYC', 'New York City', 'US'], ['Frankfurt', 'Frankfurt am Main', 'DE'], ['Bangalore', 'Bengaluru', 'IN'],
  ['Bombay', 'Mumbai', 'IN'], ['Calcutta', 'Kolkata', 'IN'], ['Madras', 'Chennai', 'IN'], ['Gurugram', 'Gurgaon', 'IN'], ['Poona', 'Pune', 'IN'],
  ['Al Khobar', 'Khobar', 'SA'], ['Cochin', 'Kochi', 'IN'], ['Trivandrum', 'Thiruvananthapuram', 'IN'], ['Baroda', 'Vadodara', 'IN'],
];
for (const [alias, name, country] of ALIASES) {
  const city = byKey.get(`${fold(name)}|${country}`);
  if (city) byKey.set(`${fold(alias)}|${country}`, city);
}
const metroByName = new Map<string, Metro>();
for (const metro of METROS) for (const name of [metro.name, ...metro.aliases]) metroByName.set(fold(name), metro);

/** A known city by its name and country (a name or ISO alpha-2 in any accepted spelling), else null. */
export function findCity(name: string | null | undefined, country: string | null | undefined): GazetteerCity | null {
  if (!name || !country) return null;
  const code = countryCode(country) ?? (country.trim().length === 2 ? country.trim().toUpperCase() : null);
  if (!code) return null;
  // A city typed as "Mississauga, Ontario" is its first part.
  return byKey.get(`${fold(name.split(',')[0])}|${code}`) ?? null;
}

/** Where a distance search is centred: a metro's centre and radius, or a known city's with the default radius. */
export interface Place {
  label: string;
  lat: number;
  lon: number;
  radiusKm: number;
}

/** `near` as the search takes it: a metro name, or "City, Country" (the country a name or ISO alpha-2). */
export function resolveNear(near: string): Place | null {
  const metro = metroByName.get(fold(near));
  if (metro) return { label: metro.name, lat: metro.lat, lon: metro.lon, radiusKm: metro.radiusKm };
  const comma = near.lastIndexOf(',');
  if (comma === -1) return null;
  const city = findCity(near.slice(0, comma), near.slice(comma + 1));
  return city ? { label: `${city.name}, ${city.country}`, lat: city.lat, lon: city.lon, radiusKm: DEFAULT_CITY_RADIUS_KM } : null;
}

const RAD = Math.PI / 180;

/** Great-circle distance in km (haversine, mean Earth radius). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The names of the known cities of a country (for the city field's suggestions), most populous first. */
export function citiesOf(country: string | null | undefined): string[] {
  const code = country ? countryCode(country) : null;
  return code ? CITIES.filter((c) => c.country === code).map((c) => c.name) : [];
}
