import { Body, Ecliptic, EclipticGeoMoon, GeoVector, MakeTime, SiderealTime, SunPosition, e_tilt } from 'astronomy-engine';
import cityTimezones from 'city-timezones';
import { ZODIAC_SIGNS } from '../../../contracts/enums';
import type { Graha } from './tables';

/**
 * Astronomy for the Kundali engine: birth place → coordinates and IANA zone (offline gazetteer), local birth time
 * → UTC (the zone's historical offsets from Node's Intl tz database), and sidereal (Lahiri) longitudes of the
 * grahas and the ascendant from astronomy-engine.
 */

export const norm360 = (deg: number) => ((deg % 360) + 360) % 360;
const RAD = Math.PI / 180;

// ---- Places ---------------------------------------------------------------------------------------------------

export interface Place {
  query: string;
  matched: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

/** Common ways members write a country, mapped to the gazetteer's names. */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'united states of america', us: 'united states of america', 'united states': 'united states of america',
  america: 'united states of america', uk: 'united kingdom', 'great britain': 'united kingdom', britain: 'united kingdom',
  england: 'united kingdom', scotland: 'united kingdom', wales: 'united kingdom', 'northern ireland': 'united kingdom',
  uae: 'united arab emirates', bharat: 'india',
};

/**
 * "City, Country" (or "City, State, Country", or just "City") → coordinates and time zone. Among the gazetteer's
 * cities of that name, those in the named country are preferred and the most populous is taken; a named country
 * with no such city gives null (never a same-named city elsewhere).
 */
export function lookupPlace(birthPlace: string | null | undefined): Place | null {
  if (!birthPlace?.trim()) return null;
  const parts = birthPlace.split(',').map((p) => p.trim()).filter(Boolean);
  const city = parts[0];
  const countryRaw = parts.length > 1 ? parts[parts.length - 1].toLowerCase() : null;
  const country = countryRaw ? (COUNTRY_ALIASES[countryRaw] ?? countryRaw) : null;
  const candidates = cityTimezones.lookupViaCity(city).filter((c) => c.timezone);
  const inCountry = country
    ? candidates.filter((c) => [c.country, c.iso2, c.iso3, c.province].some((v) => v?.toLowerCase() === country))
    : candidates;
  const best = [...inCountry].sort((x, y) => y.pop - x.pop)[0];
  if (!best) return null;
  return { query: birthPlace, matched: `${best.city}, ${best.country}`, latitude: best.lat, longitude: best.lng, timeZone: best.timezone };
}

// ---- Time zones -----------------------------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', era: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC (ms) at a UTC instant, to the second (old local mean times have seconds). */
export function zoneOffsetMs(timeZone: string, utcMs: number): number {
  const at = Math.floor(utcMs / 1000) * 1000;
  const parts = formatterFor(timeZone).formatToParts(new Date(at));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? Number.NaN);
  const era = parts.find((p) => p.type === 'era')?.value;
  const year = era === 'BC' || era === 'B' ? 1 - get('year') : get('year');
  const wall = Date.UTC(year, get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
  return wall - at;
}

export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/**
 * Local wall-clock time in `timeZone` → UTC instant (ms). Both offsets in force 12 hours either side are tried:
 * - a time that exists once gets its own offset;
 * - a time repeated when clocks go back (e.g. 01:30 on the last Sunday of October in London) is taken at its
 *   first occurrence (the earlier instant, still on summer time);
 * - a time skipped when clocks go forward (01:30 on the last Sunday of March in London) is read with the offset
 *   in force before the change, as a clock not yet moved forward would have shown it.
 */
export function localToUtc(local: LocalTime, timeZone: string): number {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const before = zoneOffsetMs(timeZone, wall - 12 * 3600_000);
  const after = zoneOffsetMs(timeZone, wall + 12 * 3600_000);
  const valid = [...new Set([before, after])].map((offset) => wall - offset).filter((t) => wall - zoneOffsetMs(timeZone, t) === t);
  if (valid.length) return Math.min(...valid);
  return wall - before;
}

export function formatOffset(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  const total = Math.round(Math.abs(ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${sign}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}${s ? `:${String(s).padStart(2, '0')}` : ''}`;
}

// ---- Positions ------------------------------------------------------------------------------------------------

/** Julian centuries of TT from J2000.0. */
function centuries(date: Date): number {
  return MakeTime(date).tt / 36525;
}

/**
 * Lahiri (Chitrapaksha) ayanamsa, true (with nutation) to match astronomy-engine's true-ecliptic-of-date
 * longitudes. Definition: 23°15′00.658″ on 1956-03-21 0h TT (Indian Calendar Reform Committee), i.e. a mean value
 * of 23.857092° at J2000 (as Swiss Ephemeris' SE_SIDM_LAHIRI), carried by the IAU 1976 general precession in
 * longitude (5029.0966″ T + 1.11113″ T²).
 */
export function lahiriAyanamsa(date: Date): number {
  const t = centuries(date);
  const mean = 23.857092 + (5029.0966 * t + 1.11113 * t * t) / 3600;
  const dpsi = e_tilt(MakeTime(date)).dpsi; // arcseconds
  return mean + dpsi / 3600;
}

const BODIES: Partial<Record<Graha, Body>> = {
  Mars: Body.Mars, Mercury: Body.Mercury, Jupiter: Body.Jupiter, Venus: Body.Venus, Saturn: Body.Saturn,
};

/** Tropical geocentric longitudes of date (true ecliptic, light-time and aberration corrected). */
export function tropicalLongitudes(date: Date): Record<Graha, number> {
  const out = {} as Record<Graha, number>;
  out.Sun = SunPosition(date).elon;
  out.Moon = EclipticGeoMoon(date).lon;
  for (const [graha, body] of Object.entries(BODIES) as [Graha, Body][]) out[graha] = Ecliptic(GeoVector(body, date, true)).elon;
  // Rahu: the Moon's mean ascending node (Meeus, Astronomical Algorithms 47.7), as most Indian almanacs use.
  const t = centuries(date);
  out.Rahu = norm360(125.0445479 - 1934.1362891 * t + 0.0020754 * t * t + (t * t * t) / 467441);
  out.Ketu = norm360(out.Rahu + 180);
  for (const key of Object.keys(out) as Graha[]) out[key] = norm360(out[key]);
  return out;
}

export function siderealLongitudes(date: Date): Record<Graha, number> {
  const ayanamsa = lahiriAyanamsa(date);
  const tropical = tropicalLongitudes(date);
  const out = {} as Record<Graha, number>;
  for (const key of Object.keys(tropical) as Graha[]) out[key] = norm360(tropical[key] - ayanamsa);
  return out;
}

/** The Moon's sidereal longitude alone: the same arithmetic as siderealLongitudes(date).Moon, at a fraction of the cost. */
export function siderealMoon(date: Date): number {
  const ayanamsa = lahiriAyanamsa(date);
  return norm360(norm360(EclipticGeoMoon(date).lon) - ayanamsa);
}

/** Mars's sidereal longitude alone (the same arithmetic as siderealLongitudes(date).Mars): Manglik without the chart. */
export function siderealMars(date: Date): number {
  return norm360(norm360(Ecliptic(GeoVector(Body.Mars, date, true)).elon) - lahiriAyanamsa(date));
}

/** Sidereal ascendant: the ecliptic degree rising in the east at the place and instant. */
export function siderealAscendant(date: Date, latitude: number, longitude: number): number {
  const ramc = norm360(SiderealTime(date) * 15 + longitude) * RAD;
  const eps = e_tilt(MakeTime(date)).tobl * RAD;
  const phi = latitude * RAD;
  const tropical = Math.atan2(Math.cos(ramc), -(Math.sin(ramc) * Math.cos(eps) + Math.tan(phi) * Math.sin(eps))) / RAD;
  return norm360(tropical - lahiriAyanamsa(date));
}

/**
 * The western zodiac sign of a birth date (YYYY-MM-DD), from the Sun's position at noon UTC that day: what a
 * profile shows when the member entered a birth date but no sign. Null for anything that is not a date.
 */
export function sunSignOfBirthDate(dateOfBirth: string | null | undefined): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth ?? '');
  if (!m) return null;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return Number.isNaN(at.getTime()) ? null : ZODIAC_SIGNS[tropicalSunSign(at)];
}

/** Western (tropical) sun sign index 0–11 at an instant. */
export function tropicalSunSign(date: Date): number {
  return Math.floor(norm360(SunPosition(date).elon) / 30);
}
