import { DEFAULT_LANGUAGE, localeOf } from '../../../../contracts/i18n/languages';
import type { MoodRecordView } from '../../../../contracts/views';
import type { MessageId } from '../../../i18n/catalogue';
import { optionLabel } from '../../../i18n/option-label';
import { currentIntl, translate } from '../../../i18n/translate';

export type MoodCategory = 'general' | 'relationship' | 'cultural';

/** Each category's label is a catalogue id, read when shown. */
export const MOOD_CATEGORIES: ReadonlyArray<{ value: MoodCategory; label: MessageId }> = [
  { value: 'general', label: 'moods.category.general' },
  { value: 'relationship', label: 'moods.category.relationship' },
  { value: 'cultural', label: 'moods.category.cultural' },
];

/** The five intensities 1–5, "Very mild" … "Very strong", in the app's language. */
export function intensityWord(intensity: number): string | null {
  return intensity >= 1 && intensity <= 5 ? translate(`moods.intensity.${intensity}` as MessageId) : null;
}

export const DEFAULT_INTENSITY = 3;

/** "Very mild" … "Very strong" for tracker entries (1–5); prompt entries (10–100) read as a percentage. */
export function intensityLabel(record: Pick<MoodRecordView, 'intensity' | 'scale'>): string {
  if (record.scale === 'prompt') return `${Math.round(record.intensity)}%`;
  return intensityWord(record.intensity) ?? `${record.intensity} / 5`;
}

/** A mood type's name in the app's language (`opt.moodType.<name>`; the server's names are English). */
export function moodTypeName(name: string): string {
  return optionLabel('moodType', name);
}

/** A mood type's one-line description in the app's language (`opt.moodTypeText.<name>`), else the server's. */
export function moodTypeText(name: string, description: string | null): string | undefined {
  return description === null ? undefined : optionLabel('moodTypeText', name, description);
}

/** A tracker entry's mood name, or the free description a prompt entry carries (the member's own words). */
export function moodName(record: Pick<MoodRecordView, 'moodType' | 'description'>): string {
  if (record.moodType) return moodTypeName(record.moodType.name);
  return record.description ?? translate('moods.checkIn');
}

export function moodIcon(record: Pick<MoodRecordView, 'moodType'>): string {
  return record.moodType?.icon ?? '💭';
}

const formats = new Map<string, { time: Intl.DateTimeFormat; date: Intl.DateTimeFormat }>();

/** The time and date formats of the app's language, made at first use (English keeps en-US's "Mar 12, 2026, 3:05 PM"). */
function formatsNow() {
  const locale = currentIntl().locale === localeOf(DEFAULT_LANGUAGE) ? 'en-US' : currentIntl().locale;
  let known = formats.get(locale);
  if (!known) {
    known = {
      time: new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }),
      date: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' }),
    };
    formats.set(locale, known);
  }
  return known;
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** "Today at 3:05 PM", "Yesterday at 9:40 AM", else the date ("Mar 12, 2026"), in local time. */
export function moodTime(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const { time, date: day } = formatsNow();
  if (sameDay(date, now)) return translate('moods.todayAt', { time: time.format(date) });
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, yesterday)) return translate('moods.yesterdayAt', { time: time.format(date) });
  return day.format(date);
}

/** Date and time in full, e.g. "Mar 12, 2026 at 3:05 PM". */
export function dateAndTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const { time, date: day } = formatsNow();
  return translate('moods.dateAt', { date: day.format(date), time: time.format(date) });
}

export function categoryLabel(category: string): string {
  const known = MOOD_CATEGORIES.find((c) => c.value === category);
  return known ? translate(known.label) : category;
}
