import { NAKSHATRAS, RASHIS, ZODIAC_SIGNS } from '../../../contracts/enums';
import type { KundaliInputsUsed } from '../../../contracts/kundali';
import { type Place, formatOffset, localToUtc, lookupPlace, norm360, siderealAscendant, siderealLongitudes, siderealMoon, tropicalSunSign, zoneOffsetMs } from './astro';
import { EXALTATION, type Graha, MANGLIK_HOUSES, NAKSHATRA_SPAN, NATURAL_RELATIONS, PADA_SPAN, RASHI_LORD, SIGN_LORDS, type SignLord } from './tables';

/** The birth fields of a profile the engine reads (a subset of the Profile model). */
export interface BirthData {
  gender: string | null;
  dateOfBirth: string | null;
  birthHour: number | null;
  birthMinute: number | null;
  birthAmPm: string | null;
  birthPlace: string | null;
  zodiacSign: string | null;
  rashi: string | null;
  nakshatra: string | null;
  manglik: boolean | null;
}

export interface Chart {
  gender: string | null;
  moon: { longitude: number; rashi: number; nakshatra: number; pada: number };
  /** sidereal longitudes; null without a birth date */
  grahas: Record<Graha, number> | null;
  ascendant: number | null;
  /** Western sun sign (computed from the date when known, else the member's entry) */
  sunSign: string | null;
  manglik: { isManglik: boolean; from: KundaliInputsUsed['manglik']; marsHouse: number | null };
  /** the reference rashi for houses: the ascendant's, or the Moon's when the birth time is unknown */
  houseReference: number | null;
  inputs: KundaliInputsUsed;
  birthInstant: Date | null;
}

export class IncompleteBirthData extends Error {}

const pad = (n: number) => String(n).padStart(2, '0');

/** "YYYY-MM-DD" → parts, or null. */
function dateParts(value: string | null): { year: number; month: number; day: number } | null {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { year, month, day };
}

/** 12-hour entry → 24-hour, when hour, minute and AM/PM were all given. */
function time24(b: BirthData): { hour: number; minute: number } | null {
  if (b.birthHour === null || b.birthMinute === null || !b.birthAmPm) return null;
  if (b.birthHour < 1 || b.birthHour > 12 || b.birthMinute < 0 || b.birthMinute > 59) return null;
  const pm = b.birthAmPm.toUpperCase() === 'PM';
  return { hour: (b.birthHour % 12) + (pm ? 12 : 0), minute: b.birthMinute };
}

export function moonPlacement(longitude: number) {
  const lon = norm360(longitude);
  return {
    longitude: lon,
    rashi: Math.floor(lon / 30),
    nakshatra: Math.floor(lon / NAKSHATRA_SPAN),
    pada: Math.floor((lon % NAKSHATRA_SPAN) / PADA_SPAN) + 1,
  };
}

/**
 * The Moon's longitude implied by an entered rashi and nakshatra: the middle of the arc where the two overlap
 * (null when they do not overlap, i.e. the entries contradict each other). Used only when the birth chart cannot
 * be cast; everything derived from it (pada, dasha balance) is flagged as approximate in the notes.
 */
export function enteredMoonLongitude(rashi: string | null, nakshatra: string | null): number | null {
  const r = RASHIS.indexOf(rashi as (typeof RASHIS)[number]);
  const n = NAKSHATRAS.indexOf(nakshatra as (typeof NAKSHATRAS)[number]);
  if (r < 0 || n < 0) return null;
  const start = Math.max(r * 30, n * NAKSHATRA_SPAN);
  const end = Math.min((r + 1) * 30, (n + 1) * NAKSHATRA_SPAN);
  if (end - start < 1e-9) return null;
  return (start + end) / 2;
}

/** Whole-sign house (1–12) of a longitude counted from a reference rashi. */
export const houseFrom = (referenceRashi: number, longitude: number) => ((Math.floor(norm360(longitude) / 30) - referenceRashi + 12) % 12) + 1;

/**
 * Casts what the engine needs for one member. Preference order:
 * 1. date + time + place found in the gazetteer → the full chart: Moon, grahas and ascendant at the birth instant;
 *    Manglik from Mars's house counted from the ascendant.
 * 2. otherwise the member's own rashi + nakshatra entries give the Moon, and their own Manglik answer the Manglik
 *    status. With a date, the other grahas are cast at 12:00 (local noon when the place is known, else 12:00 UTC:
 *    slow grahas move < 1° in 12 h); without a Manglik answer, Manglik is Mars's house counted from the Moon.
 * Throws IncompleteBirthData when neither route gives a Moon (or a Manglik status).
 */
export function castChart(b: BirthData): Chart {
  const notes: string[] = [];
  const date = dateParts(b.dateOfBirth);
  const time = time24(b);
  const place = placeOf(b.birthPlace);
  if (b.birthPlace?.trim() && !place) notes.push(`Birth place "${b.birthPlace}" was not found in the gazetteer.`);
  if (!time) notes.push('Birth time not given.');
  const inputs: KundaliInputsUsed = {
    moon: 'entered', manglik: 'entered', birthDate: date ? b.dateOfBirth?.slice(0, 10) ?? null : null,
    birthTime: time ? `${pad(time.hour)}:${pad(time.minute)}` : null,
    birthPlace: place, birthUtc: null, utcOffset: null, notes,
  };

  let grahas: Record<Graha, number> | null = null;
  let ascendant: number | null = null;
  let birthInstant: Date | null = null;
  let moonLon: number | null = null;

  if (date && time && place) {
    const utc = localToUtc({ ...date, ...time }, place.timeZone);
    birthInstant = new Date(utc);
    inputs.birthUtc = birthInstant.toISOString();
    inputs.utcOffset = formatOffset(zoneOffsetMs(place.timeZone, utc));
    grahas = siderealLongitudes(birthInstant);
    ascendant = siderealAscendant(birthInstant, place.latitude, place.longitude);
    moonLon = grahas.Moon;
    inputs.moon = 'birth-chart';
    const computed = moonPlacement(moonLon);
    const [r, n] = [RASHIS[computed.rashi], NAKSHATRAS[computed.nakshatra]];
    if ((b.rashi && b.rashi !== r) || (b.nakshatra && b.nakshatra !== n)) {
      notes.push(`The birth chart puts the Moon in ${r}/${n}, not the entered ${b.rashi ?? '—'}/${b.nakshatra ?? '—'}; the chart is used.`);
    }
  } else {
    moonLon = enteredMoonLongitude(b.rashi, b.nakshatra);
    if (moonLon === null) throw new IncompleteBirthData('no Moon position');
    notes.push('Moon from the member\'s own rashi and nakshatra entries (taken at the middle of their overlap).');
    if (date) {
      const noonUtc = place ? localToUtc({ ...date, hour: 12, minute: 0 }, place.timeZone) : Date.UTC(date.year, date.month - 1, date.day, 12);
      grahas = { ...siderealLongitudes(new Date(noonUtc)), Moon: moonLon };
      notes.push(`Other grahas cast at 12:00 ${place ? 'local time' : 'UTC'} on the birth date.`);
    }
  }

  const moon = moonPlacement(moonLon);
  let houseReference: number | null = null;
  let manglik: Chart['manglik'];
  if (grahas) houseReference = ascendant !== null ? Math.floor(ascendant / 30) : moon.rashi;
  // Without the birth instant the member's own answer counts (DECISIONS: entries count only without a birth time);
  // Mars counted from the Moon stands in only when they gave none.
  if (grahas && houseReference !== null && (ascendant !== null || b.manglik === null)) {
    const marsHouse = houseFrom(houseReference, grahas.Mars);
    manglik = { isManglik: MANGLIK_HOUSES.includes(marsHouse), from: ascendant !== null ? 'ascendant' : 'moon', marsHouse };
  } else if (b.manglik !== null) {
    manglik = { isManglik: b.manglik, from: 'entered', marsHouse: null };
  } else {
    throw new IncompleteBirthData('no Manglik status');
  }
  inputs.manglik = manglik.from;

  let sunSign: string | null = null;
  if (date) {
    const at = birthInstant ?? new Date(Date.UTC(date.year, date.month - 1, date.day, 12));
    sunSign = ZODIAC_SIGNS[tropicalSunSign(at)];
    if (!birthInstant && b.zodiacSign) sunSign = b.zodiacSign; // near a cusp the member's own entry knows better than noon
  } else {
    sunSign = b.zodiacSign;
  }

  return { gender: b.gender, moon, grahas, ascendant, sunSign, manglik, houseReference, inputs, birthInstant };
}

/**
 * Birth places seen by castChart, moonLongitude and effectiveAstro: members share a few thousand places at most, and
 * a lookup scans the whole gazetteer (most of a chart's casting before this cache).
 */
const places = new Map<string, Place | null>();
export function placeOf(birthPlace: string | null): Place | null {
  if (!birthPlace) return null;
  let place = places.get(birthPlace);
  if (place === undefined) {
    place = lookupPlace(birthPlace);
    if (places.size >= 20_000) places.clear();
    places.set(birthPlace, place);
  }
  return place;
}

/** The birth instant (UTC) and place when birth date, time and place all resolve (castChart's full chart), else null. */
export function birthMoment(b: BirthData): { instant: Date; place: Place } | null {
  const date = dateParts(b.dateOfBirth);
  const time = time24(b);
  const place = date && time ? placeOf(b.birthPlace) : null;
  return date && time && place ? { instant: new Date(localToUtc({ ...date, ...time }, place.timeZone)), place } : null;
}

/**
 * castChart(b).moon.longitude without the rest of the chart, or null exactly when castChart throws
 * IncompleteBirthData (no Moon, or neither a birth date nor a Manglik answer): what the match engine needs per
 * profile, since the Ashtakoot total depends only on the two Moons (and the two genders).
 */
export function moonLongitude(b: BirthData): number | null {
  const date = dateParts(b.dateOfBirth);
  const at = birthMoment(b);
  const lon = at ? siderealMoon(at.instant) : enteredMoonLongitude(b.rashi, b.nakshatra);
  if (lon === null) return null;
  if (!date && (b.manglik === null || b.manglik === undefined)) return null;
  return moonPlacement(lon).longitude;
}

// ---- Planetary strength (dominant planet, Mars influence) ----------------------------------------------------

/** Dignity points of a sign lord in a rashi: exalted 3, own 2, friend's sign 1, neutral 0, enemy's −1, debilitated −2. */
export function dignity(planet: SignLord, rashi: number): number {
  if (EXALTATION[planet] === rashi) return 3;
  if ((EXALTATION[planet] + 6) % 12 === rashi) return -2;
  const lord = RASHI_LORD[rashi];
  if (lord === planet) return 2;
  if (NATURAL_RELATIONS[planet].friends.includes(lord)) return 1;
  if (NATURAL_RELATIONS[planet].enemies.includes(lord)) return -1;
  return 0;
}

const KENDRAS = [1, 4, 7, 10];

/**
 * Dominant planet: the sign lord with the highest strength = dignity + 1 if in a kendra (houses 1, 4, 7, 10 from
 * the house reference) + 1 if it rules the reference sign (lagna lord, or Moon-sign lord without a birth time).
 * Ties go to the earlier planet in the order Sun, Moon, Mars, Mercury, Jupiter, Venus, Saturn.
 */
export function planetStrengths(chart: Chart): Record<SignLord, number> | null {
  if (!chart.grahas || chart.houseReference === null) return null;
  const out = {} as Record<SignLord, number>;
  for (const planet of SIGN_LORDS) {
    const lon = chart.grahas[planet];
    const rashi = Math.floor(lon / 30);
    let score = dignity(planet, rashi);
    if (KENDRAS.includes(houseFrom(chart.houseReference, lon))) score += 1;
    if (RASHI_LORD[chart.houseReference] === planet) score += 1;
    out[planet] = score;
  }
  return out;
}

export function dominantPlanet(chart: Chart): SignLord | null {
  const strengths = planetStrengths(chart);
  if (!strengths) return null;
  return SIGN_LORDS.reduce((best, p) => (strengths[p] > strengths[best] ? p : best), SIGN_LORDS[0]);
}

/** Mars is 'strong' when exalted or in its own sign, or in a kendra from the house reference; else 'weak'. */
export function marsInfluence(chart: Chart): 'strong' | 'weak' | null {
  if (!chart.grahas || chart.houseReference === null) return null;
  const lon = chart.grahas.Mars;
  return dignity('Mars', Math.floor(lon / 30)) >= 2 || KENDRAS.includes(houseFrom(chart.houseReference, lon)) ? 'strong' : 'weak';
}
