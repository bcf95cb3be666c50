import { NAKSHATRAS, RASHIS, ZODIAC_SIGNS } from '../../../contracts/enums';
import type { AstroSources } from '../../../contracts/views';
import { siderealAscendant, siderealMars, siderealMoon, sunSignOfBirthDate, tropicalSunSign } from './astro';
import { type BirthData, type Chart, IncompleteBirthData, birthMoment, castChart, houseFrom, moonPlacement } from './chart';
import { birthData } from './index';
import { MANGLIK_HOUSES } from './tables';

/**
 * A profile's rashi, nakshatra, Manglik status and western sign as every screen shows them, with where each came
 * from. When birth date, time and place resolve, the chart's values are the profile's ('computed'); the member's
 * own entries count only without a birth instant ('entered'). The Kundali reports read the same chart (castChart),
 * so the profile, its card and the reports cannot disagree.
 */
export interface EffectiveAstro {
  rashi: string | null;
  nakshatra: string | null;
  manglik: boolean | null;
  zodiacSign: string | null;
  astroSource: AstroSources;
}

function chartOf(b: BirthData): Chart | null {
  try {
    return castChart(birthData(b));
  } catch (error) {
    if (error instanceof IncompleteBirthData) return null;
    throw error;
  }
}

const entered = <T>(value: T | null | undefined) => ({ value: value ?? null, source: value === null || value === undefined ? null : ('entered' as const) });

function compute(b: BirthData): EffectiveAstro {
  const at = birthMoment(b);
  if (at) {
    // castChart's full-chart values, without casting the seven grahas nobody reads here (a third of the cost).
    const moon = moonPlacement(siderealMoon(at.instant));
    const marsHouse = houseFrom(Math.floor(siderealAscendant(at.instant, at.place.latitude, at.place.longitude) / 30), siderealMars(at.instant));
    return {
      rashi: RASHIS[moon.rashi], nakshatra: NAKSHATRAS[moon.nakshatra], manglik: MANGLIK_HOUSES.includes(marsHouse),
      zodiacSign: ZODIAC_SIGNS[tropicalSunSign(at.instant)],
      astroSource: { rashi: 'computed', nakshatra: 'computed', manglik: 'computed', zodiacSign: 'computed' },
    };
  }
  const rashi = entered(b.rashi);
  const nakshatra = entered(b.nakshatra);
  // Without an answer, the Kundali report counts Mars from the Moon of the entries when there is a birth date.
  const chart = b.manglik === null ? chartOf(b) : null;
  const manglik = chart && chart.manglik.from !== 'entered' ? { value: chart.manglik.isManglik, source: 'computed' as const } : entered(b.manglik);
  // Without the birth instant an entered sign wins (near a cusp the member knows better than noon on the date).
  const sign = b.zodiacSign ? entered(b.zodiacSign) : computedSign(b.dateOfBirth);
  return {
    rashi: rashi.value, nakshatra: nakshatra.value, manglik: manglik.value, zodiacSign: sign.value,
    astroSource: { rashi: rashi.source, nakshatra: nakshatra.source, manglik: manglik.source, zodiacSign: sign.source },
  };
}

function computedSign(dateOfBirth: string | null) {
  const value = sunSignOfBirthDate(dateOfBirth?.slice(0, 10));
  return { value, source: value ? ('computed' as const) : null };
}

/**
 * Cards are presented from rows kept in memory for minutes (card-rows.ts), and casting a chart costs a fraction of
 * a millisecond: the answer is kept per row object and per birth-field values, so a page of cards casts at most
 * the charts it has not seen. effective.test.ts holds these values to castChart's.
 */
const byObject = new WeakMap<object, { key: string; value: EffectiveAstro }>();

export function effectiveAstro(profile: BirthData): EffectiveAstro {
  const b = birthData(profile);
  const key = JSON.stringify([b.dateOfBirth, b.birthHour, b.birthMinute, b.birthAmPm, b.birthPlace, b.zodiacSign, b.rashi, b.nakshatra, b.manglik, b.gender]);
  const hit = byObject.get(profile);
  if (hit && hit.key === key) return hit.value;
  const value = compute(b);
  byObject.set(profile, { key, value });
  return value;
}
