import { DASHA_ORDER, DASHA_YEARS, type Graha, NAKSHATRA_SPAN } from './tables';

/** Vimshottari years are Julian years of 365.25 days (the convention of Lahiri's and most modern ephemerides). */
const YEAR_MS = 365.25 * 24 * 3600_000;

export interface DashaState {
  currentDasha: Graha;
  /** years left in the current mahadasha, one decimal */
  remainingYears: number;
  nextDasha: Graha;
}

/**
 * Vimshottari mahadasha at `now` for a Moon at `moonLongitude` (sidereal) at `birth`. The first dasha is the lord
 * of the Moon's nakshatra; its balance at birth is the unrun fraction of the nakshatra times that lord's years;
 * the periods then follow DASHA_ORDER (a 120-year cycle).
 */
export function vimshottari(moonLongitude: number, birth: Date, now: Date): DashaState {
  const nakshatra = Math.floor(moonLongitude / NAKSHATRA_SPAN);
  const traversed = (moonLongitude % NAKSHATRA_SPAN) / NAKSHATRA_SPAN;
  let index = nakshatra % 9;
  let end = birth.getTime() + (1 - traversed) * DASHA_YEARS[DASHA_ORDER[index]] * YEAR_MS;
  const t = Math.max(now.getTime(), birth.getTime());
  while (end <= t) {
    index = (index + 1) % 9;
    end += DASHA_YEARS[DASHA_ORDER[index]] * YEAR_MS;
  }
  return {
    currentDasha: DASHA_ORDER[index],
    remainingYears: Math.round(((end - t) / YEAR_MS) * 10) / 10,
    nextDasha: DASHA_ORDER[(index + 1) % 9],
  };
}
