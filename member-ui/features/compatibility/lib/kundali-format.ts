import { KOOTA_MAX, type Koota, type KundaliInputsUsed } from '../../../../contracts/kundali';
import type { ProgressTone } from '../../../components/ui/progress';
import { MONTH_NAMES } from '../../../lib/format';

export const KOOTA_LABELS: Record<Koota, string> = {
  varna: 'Varna',
  vashya: 'Vashya',
  tara: 'Tara',
  yoni: 'Yoni',
  grahaMaitri: 'Graha Maitri',
  gana: 'Gana',
  bhakoot: 'Bhakoot',
  nadi: 'Nadi',
};

export const KOOTA_ORDER = Object.keys(KOOTA_MAX) as Koota[];

/** The Ashtakoot bar is green at 60% or more, yellow at 40% or more, else red. */
export function ashtakootTone(percentage: number): Extract<ProgressTone, 'success' | 'warning' | 'danger'> {
  if (percentage >= 60) return 'success';
  if (percentage >= 40) return 'warning';
  return 'danger';
}

/** A factor scoring 2 or more is highlighted green, else amber. */
export function factorTone(points: number): 'good' | 'low' {
  return points >= 2 ? 'good' : 'low';
}

/** An AI metric's badge is highlighted above 70. */
export function isMetricHighlighted(score: number): boolean {
  return score > 70;
}

/** The rounded mean of the traditional match percentage and the advanced overall score. */
export function combinedPercentage(traditional: number, advanced: number): number {
  return Math.round((traditional + advanced) / 2);
}

export function manglikText(profile1IsManglik: boolean, profile2IsManglik: boolean, theirName: string): string {
  if (!profile1IsManglik && !profile2IsManglik) return 'Neither chart is Manglik, so Mars places no extra condition on this match.';
  if (profile1IsManglik && profile2IsManglik) return 'Both charts are Manglik; the Mars influence balances out between you.';
  return profile1IsManglik
    ? `Your chart is Manglik and ${theirName}'s is not; families usually look closer or consider traditional remedies.`
    : `${theirName}'s chart is Manglik and yours is not; families usually look closer or consider traditional remedies.`;
}

const MANGLIK_FROM: Record<KundaliInputsUsed['manglik'], string> = {
  ascendant: 'counted from the ascendant',
  moon: 'counted from the Moon',
  entered: 'as entered in the profile',
};

export function manglikReference(from: KundaliInputsUsed['manglik'], marsHouse: number | null): string {
  if (from === 'entered' || marsHouse === null) return `Manglik status ${MANGLIK_FROM.entered}`;
  return `Mars in house ${marsHouse}, ${MANGLIK_FROM[from]}`;
}

/**
 * A "YYYY-MM-DD" birth date as "Aug 21, 1993" (calendar date, no time-zone shift), as en-US's short date writes
 * it. Written out rather than by Intl: Intl formatters in this module would be made when the Kundali screen's code
 * is first run, and a page's first Intl format loads locale data (100-120 ms of the screen's start at 4x CPU).
 */
export function birthDateText(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : `${MONTH_NAMES[date.getUTCMonth()].slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "23:05" as "11:05 PM". */
export function birthTimeText(value: string | null): string | null {
  if (!value) return null;
  const match = /^(\d{1,2}):(\d{2})/.exec(value);
  if (!match) return value;
  const hour = Number(match[1]);
  const suffix = hour >= 12 ? 'PM' : 'AM';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${suffix}`;
}

/** One line saying what a chart was computed from. */
export function inputsSummary(inputs: KundaliInputsUsed): string {
  if (inputs.moon === 'birth-chart') {
    const parts = [birthDateText(inputs.birthDate), birthTimeText(inputs.birthTime) ? `at ${birthTimeText(inputs.birthTime)}` : null];
    const place = inputs.birthPlace?.matched ?? inputs.birthPlace?.query;
    const offset = inputs.utcOffset ? ` (UTC${inputs.utcOffset})` : '';
    return `Birth chart: ${parts.filter(Boolean).join(' ')}${place ? `, ${place}` : ''}${offset}`;
  }
  return 'Moon sign from the rashi and nakshatra entered in the profile';
}

let generatedFormat: Intl.DateTimeFormat | null = null;

/** When an AI analysis was written, in the reader's zone ("Nov 29, 2026, 2:05 AM"); its formatter made at first use. */
export function generatedAt(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  generatedFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return generatedFormat.format(date);
}
