import { ashtakootDirected } from '../kundali/ashtakoot';
import { moonPlacement } from '../kundali/chart';
import { NAKSHATRA_SPAN, vashyaGroup } from '../kundali/tables';
import { NO_MOON } from './store';

/**
 * The Ashtakoot total of two members depends only on their two Moons — through the rashi, the nakshatra and the
 * Vashya group (which splits Dhanu and Makara at 15°) — and on who takes the groom's role. So every Moon
 * longitude falls in one of a few dozen placements, and a placement × placement table of directed totals (groom,
 * bride) answers any pair with one lookup. The table is filled by the Kundali engine's own koota functions.
 */

interface Placement {
  longitude: number;
  rashi: number;
  nakshatra: number;
}

const keyOf = (p: { rashi: number; nakshatra: number }, vashya: number) => (p.rashi * 27 + p.nakshatra) * 5 + vashya;

function enumerate(): { codeByKey: Int16Array; representatives: Placement[] } {
  // Every boundary where the rashi, the nakshatra or the Vashya group changes; one representative per arc.
  const cuts = new Set<number>([0, 360, 255, 285]);
  for (let r = 0; r <= 12; r++) cuts.add(r * 30);
  for (let n = 0; n <= 27; n++) cuts.add(n * NAKSHATRA_SPAN);
  const sorted = [...cuts].sort((a, b) => a - b);
  const codeByKey = new Int16Array(12 * 27 * 5).fill(-1);
  const representatives: Placement[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    if (sorted[i + 1] - sorted[i] < 1e-9) continue;
    const p = moonPlacement((sorted[i] + sorted[i + 1]) / 2);
    const key = keyOf(p, vashyaGroup(p.longitude));
    if (codeByKey[key] === -1) {
      codeByKey[key] = representatives.length;
      representatives.push(p);
    }
  }
  return { codeByKey, representatives };
}

const { codeByKey, representatives } = enumerate();
export const PLACEMENTS = representatives.length;

/** The placement code of a Moon longitude (as stored in profiles.moon_longitude; negative or null: none). */
export function placementOf(longitude: number | null): number {
  if (longitude === null || longitude < 0 || !Number.isFinite(longitude)) return NO_MOON;
  const p = moonPlacement(longitude);
  const code = codeByKey[keyOf(p, vashyaGroup(p.longitude))];
  if (code < 0) throw new Error(`Moon longitude ${longitude} fell outside every placement`);
  return code;
}

/** The rashi (0-11, RASHIS' order) of a placement code (not NO_MOON). */
export const rashiOfPlacement = (code: number) => representatives[code].rashi;

/** DIRECTED[groom * PLACEMENTS + bride]: the Ashtakoot total with those roles. */
const DIRECTED = new Float64Array(PLACEMENTS * PLACEMENTS);
for (let g = 0; g < PLACEMENTS; g++) {
  for (let b = 0; b < PLACEMENTS; b++) {
    DIRECTED[g * PLACEMENTS + b] = Object.values(ashtakootDirected(representatives[g], representatives[b])).reduce((s, v) => s + v, 0);
  }
}

/** Kundali role of a gender: 1 groom (male), 2 bride (female), 0 neither. */
export type Role = 0 | 1 | 2;

/**
 * The Ashtakoot total of members a and b, as the Kundali engine's ashtakoot(): the classical roles for a man and a
 * woman, otherwise the better of the two assignments. Null when either has no Moon.
 */
export function gunaBetween(a: number, roleA: Role, b: number, roleB: Role): number | null {
  if (a === NO_MOON || b === NO_MOON) return null;
  if (roleA === 1 && roleB === 2) return DIRECTED[a * PLACEMENTS + b];
  if (roleA === 2 && roleB === 1) return DIRECTED[b * PLACEMENTS + a];
  return Math.max(DIRECTED[a * PLACEMENTS + b], DIRECTED[b * PLACEMENTS + a]);
}
