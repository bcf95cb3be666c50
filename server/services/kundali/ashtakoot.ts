import { KOOTA_MAX, type KootaBreakdown } from '../../../contracts/kundali';
import {
  BHAKOOT_DOSHA_COUNTS,
  GANA_POINTS,
  GRAHA_MAITRI_POINTS,
  INAUSPICIOUS_TARA_REMAINDERS,
  NAKSHATRA_GANA,
  NAKSHATRA_NADI,
  NAKSHATRA_YONI,
  RASHI_LORD,
  SIGN_LORDS,
  VARNA_RANK,
  VASHYA_POINTS,
  YONI_POINTS,
  vashyaGroup,
} from './tables';

/** What Ashtakoot needs of one person: the Moon's sidereal longitude, rashi (0–11) and nakshatra (0–26). */
export interface MoonPlacement {
  longitude: number;
  rashi: number;
  nakshatra: number;
}

/** Inclusive count from star `from` to star `to` (1–27), as the texts count. */
export const countStars = (from: number, to: number) => ((to - from + 27) % 27) + 1;
/** Inclusive count from sign `from` to sign `to` (1–12). */
export const countSigns = (from: number, to: number) => ((to - from + 12) % 12) + 1;

/** Varna: 1 when the groom's varna is the same as or higher than the bride's. */
export function varna(groom: MoonPlacement, bride: MoonPlacement): number {
  return VARNA_RANK[groom.rashi] >= VARNA_RANK[bride.rashi] ? 1 : 0;
}

export function vashya(a: MoonPlacement, b: MoonPlacement): number {
  return VASHYA_POINTS[vashyaGroup(a.longitude)][vashyaGroup(b.longitude)];
}

/** Tara: count each way, remainder by 9; each direction not landing on Vipat/Pratyak/Vadha (3, 5, 7) earns 1.5. */
export function tara(a: MoonPlacement, b: MoonPlacement): number {
  const good = (count: number) => (INAUSPICIOUS_TARA_REMAINDERS.includes(count % 9) ? 0 : 1.5);
  return good(countStars(a.nakshatra, b.nakshatra)) + good(countStars(b.nakshatra, a.nakshatra));
}

export function yoni(a: MoonPlacement, b: MoonPlacement): number {
  return YONI_POINTS[NAKSHATRA_YONI[a.nakshatra]][NAKSHATRA_YONI[b.nakshatra]];
}

export function grahaMaitri(a: MoonPlacement, b: MoonPlacement): number {
  return GRAHA_MAITRI_POINTS[SIGN_LORDS.indexOf(RASHI_LORD[a.rashi])][SIGN_LORDS.indexOf(RASHI_LORD[b.rashi])];
}

export function gana(groom: MoonPlacement, bride: MoonPlacement): number {
  return GANA_POINTS[NAKSHATRA_GANA[bride.nakshatra]][NAKSHATRA_GANA[groom.nakshatra]];
}

export function bhakoot(a: MoonPlacement, b: MoonPlacement): number {
  return BHAKOOT_DOSHA_COUNTS.includes(countSigns(a.rashi, b.rashi)) ? 0 : 7;
}

export function nadi(a: MoonPlacement, b: MoonPlacement): number {
  return NAKSHATRA_NADI[a.nakshatra] === NAKSHATRA_NADI[b.nakshatra] ? 0 : 8;
}

export interface AshtakootResult {
  score: number;
  breakdown: KootaBreakdown;
  /** how the bride/groom roles of Varna and Gana were assigned */
  orientation: 'groom-bride' | 'best-of-both';
}

/** All eight kootas with `groom` and `bride` in the classical roles (Varna and Gana are directional). */
export function ashtakootDirected(groom: MoonPlacement, bride: MoonPlacement): KootaBreakdown {
  return {
    varna: varna(groom, bride),
    vashya: vashya(groom, bride),
    tara: tara(groom, bride),
    yoni: yoni(groom, bride),
    grahaMaitri: grahaMaitri(groom, bride),
    gana: gana(groom, bride),
    bhakoot: bhakoot(groom, bride),
    nadi: nadi(groom, bride),
  };
}

const total = (b: KootaBreakdown) => Object.values(b).reduce((s, v) => s + v, 0);

/**
 * Ashtakoot for a pair. With one male and one female profile the classical roles apply. Otherwise (two of the
 * same gender, or "other") the texts give no roles, so both assignments are scored and the better one is kept:
 * the directional kootas should not penalise a pair for roles that do not apply to it.
 */
export function ashtakoot(
  a: MoonPlacement & { gender: string | null },
  b: MoonPlacement & { gender: string | null },
): AshtakootResult {
  if (a.gender === 'male' && b.gender === 'female') return withTotal(ashtakootDirected(a, b), 'groom-bride');
  if (a.gender === 'female' && b.gender === 'male') return withTotal(ashtakootDirected(b, a), 'groom-bride');
  const ab = ashtakootDirected(a, b);
  const ba = ashtakootDirected(b, a);
  return withTotal(total(ba) > total(ab) ? ba : ab, 'best-of-both');
}

function withTotal(breakdown: KootaBreakdown, orientation: AshtakootResult['orientation']): AshtakootResult {
  for (const key of Object.keys(breakdown) as (keyof KootaBreakdown)[]) {
    if (breakdown[key] < 0 || breakdown[key] > KOOTA_MAX[key]) throw new Error(`koota ${key} out of range`);
  }
  return { score: total(breakdown), breakdown, orientation };
}
