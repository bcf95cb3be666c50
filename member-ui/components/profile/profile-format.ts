import { ageFromDateOfBirth } from '../../../contracts/age';
import type { AstroSources } from '../../../contracts/views';
import { dayMonthYear, parseDateValue } from '../../lib/format';
import { optionLabel } from '../../i18n/option-label';
import { translate } from '../../i18n/translate';
import type { MessageId } from '../../i18n/catalogue';
import { incomeParts } from '../../../contracts/profile-basics';

/** Age in full years from dateOfBirth (an invalid date gives no age). */
export function ageOf(profile: { dateOfBirth: string | null }): number | null {
  return ageFromDateOfBirth(profile.dateOfBirth);
}

/** "Name, 31" or just the name. */
export function nameWithAge(name: string, age: number | null): string {
  return age === null ? name : `${name}, ${age}`;
}

/** "11:05 PM" from the stored hour (1–12), minute and AM/PM; null when the hour is missing. */
export function birthTimeOf(profile: { birthHour: number | null; birthMinute: number | null; birthAmPm: string | null }): string | null {
  if (profile.birthHour === null || profile.birthHour === undefined) return null;
  const minute = String(profile.birthMinute ?? 0).padStart(2, '0');
  return `${profile.birthHour}:${minute}${profile.birthAmPm ? ` ${profile.birthAmPm}` : ''}`;
}

/**
 * A calendar date for people, in the app's language ("21 August 1993" in English); dates of birth are plain YYYY-MM-DD and must not
 * shift by zone, other times are dates in the browser's zone. Written out rather than with toLocaleDateString: the
 * page's first Intl date format loads the locale's data, 25–35 ms of a phone's profile page start (CPU profile),
 * for words that never change.
 */
export function formatDate(value: string | null | undefined): string | null {
  const parsed = value ? parseDateValue(value) : null;
  if (!parsed) return null;
  return dayMonthYear(parsed.date, parsed.plain);
}

type AstroField = 'zodiacSign' | 'rashi' | 'nakshatra' | 'manglik';
type AstroValues = { [F in AstroField]: F extends 'manglik' ? boolean | null : string | null } & { astroSource?: AstroSources };

/**
 * A rashi, nakshatra, Manglik status or western sign as the profile holds it (the server computes them from birth
 * date, time and place when those resolve), with where it came from: "Vrishchika · from your birth details" on the
 * member's own screens, "· from birth details" for others, "· as entered" when the member's own entry counts.
 */
export function astroOf(profile: AstroValues, field: AstroField, own: boolean): string | null {
  const raw = profile[field];
  const list = { zodiacSign: 'zodiac', rashi: 'rashi', nakshatra: 'nakshatra', manglik: 'manglik' }[field];
  const value = typeof raw === 'boolean' ? translate(raw ? 'common.yes' : 'common.no') : raw ? optionLabel(list, raw) : raw;
  if (!value) return null;
  const source = profile.astroSource?.[field];
  if (source === 'computed') return translate(own ? 'astro.fromYourBirth' : 'astro.fromBirth', { value });
  if (source === 'entered') return translate('astro.asEntered', { value });
  return value;
}

/** An annual income as the range it falls in, in the app's language ("सालाना ₹10–15 लाख"; English as formatIncome). */
export function incomeLabel(amount: number | null | undefined, currency: string | null | undefined): string | null {
  const parts = incomeParts(amount, currency);
  return parts && translate(`editor.income.${parts.form}` as MessageId, { min: parts.min, max: parts.max });
}
