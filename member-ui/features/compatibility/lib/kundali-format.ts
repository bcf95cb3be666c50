import { KOOTA_MAX, type Koota, type KundaliInputsUsed } from '../../../../contracts/kundali';
import type { ProgressTone } from '../../../components/ui/progress';
import { DEFAULT_LANGUAGE, localeOf } from '../../../../contracts/i18n/languages';
import type { MessageId } from '../../../i18n/catalogue';
import { optionLabel } from '../../../i18n/option-label';
import { currentIntl, translate } from '../../../i18n/translate';
import { dayMonthYear, MONTH_NAMES } from '../../../lib/format';

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
  if (!profile1IsManglik && !profile2IsManglik) return translate('kundali.manglik.neither');
  if (profile1IsManglik && profile2IsManglik) return translate('kundali.manglik.both');
  return translate(profile1IsManglik ? 'kundali.manglik.yoursOnly' : 'kundali.manglik.theirsOnly', { name: theirName });
}

const MANGLIK_FROM: Record<KundaliInputsUsed['manglik'], MessageId> = {
  ascendant: 'kundali.manglikFrom.ascendant',
  moon: 'kundali.manglikFrom.moon',
  entered: 'kundali.manglikFrom.entered',
};

export function manglikReference(from: KundaliInputsUsed['manglik'], marsHouse: number | null): string {
  if (from === 'entered' || marsHouse === null) return translate('kundali.manglikStatus', { from: translate(MANGLIK_FROM.entered) });
  return translate('kundali.marsInHouse', { house: marsHouse, from: translate(MANGLIK_FROM[from]) });
}

/** The koota's name in the app's language (the catalogue's `opt.koota.*`). */
export function kootaName(koota: Koota): string {
  return optionLabel('koota', KOOTA_LABELS[koota]);
}

/**
 * A word of the Ashtakoot tables the server names in English (a varna, a Vashya group, a Yoni animal, a planet, a
 * gana, a nadi, a tara, a rashi, a nakshatra or a western sign) in the app's language; a comma-separated list word by word; any other
 * text as it is.
 */
export function kundaliTerm(text: string): string {
  const messages = currentIntl().messages;
  const one = (word: string) => {
    for (const id of [`kundali.term.${word}`, `opt.rashi.${word}`, `opt.nakshatra.${word}`, `opt.zodiac.${word}`, `opt.koota.${word}`]) {
      if (id in messages) return currentIntl().formatMessage({ id: id as MessageId });
    }
    return word;
  };
  return text.includes(', ') ? text.split(', ').map(one).join(', ') : one(text);
}

const inEnglish = () => currentIntl().locale === localeOf(DEFAULT_LANGUAGE);

/**
 * A "YYYY-MM-DD" birth date as "Aug 21, 1993" (calendar date, no time-zone shift), as en-US's short date writes
 * it. Written out rather than by Intl: Intl formatters in this module would be made when the Kundali screen's code
 * is first run, and a page's first Intl format loads locale data (100-120 ms of the screen's start at 4x CPU).
 */
export function birthDateText(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (!Number.isNaN(date.getTime()) && !inEnglish()) return dayMonthYear(date, true);
  return Number.isNaN(date.getTime()) ? value : `${MONTH_NAMES[date.getUTCMonth()].slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "23:05" as "11:05 PM". */
export function birthTimeText(value: string | null): string | null {
  if (!value) return null;
  const match = /^(\d{1,2}):(\d{2})/.exec(value);
  if (!match) return value;
  const hour = Number(match[1]);
  if (!inEnglish()) return new Intl.DateTimeFormat(currentIntl().locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, 0, 1, hour, Number(match[2]))));
  const suffix = hour >= 12 ? 'PM' : 'AM';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${suffix}`;
}

/** One line saying what a chart was computed from. */
export function inputsSummary(inputs: KundaliInputsUsed): string {
  if (inputs.moon === 'birth-chart') {
    const time = birthTimeText(inputs.birthTime);
    const parts = [birthDateText(inputs.birthDate), time ? translate('kundali.atTime', { time }) : null];
    const place = inputs.birthPlace?.matched ?? inputs.birthPlace?.query;
    const offset = inputs.utcOffset ? ` (UTC${inputs.utcOffset})` : '';
    return translate('kundali.birthChartFrom', { details: `${parts.filter(Boolean).join(' ')}${place ? `, ${place}` : ''}${offset}` });
  }
  return translate('kundali.moonFromEntered');
}

const generatedFormats = new Map<string, Intl.DateTimeFormat>();

/** When an AI analysis was written, in the reader's zone ("Nov 29, 2026, 2:05 AM"); its formatter made at first use. */
export function generatedAt(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  // English keeps en-US's "Nov 29, 2026, 2:05 AM"; Hindi and Tamil their own locale's.
  const locale = inEnglish() ? 'en-US' : currentIntl().locale;
  let format = generatedFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    generatedFormats.set(locale, format);
  }
  return format.format(date);
}
