import { INTENSITY_LABELS } from '../../../../contracts/moods';
import type { MoodRecordView } from '../../../../contracts/views';

export type MoodCategory = 'general' | 'relationship' | 'cultural';

export const MOOD_CATEGORIES: ReadonlyArray<{ value: MoodCategory; label: string }> = [
  { value: 'general', label: 'General' },
  { value: 'relationship', label: 'Relationship' },
  { value: 'cultural', label: 'Cultural' },
];

export const DEFAULT_INTENSITY = 3;

/** "Very mild" … "Very strong" for tracker entries (1–5); prompt entries (10–100) read as a percentage. */
export function intensityLabel(record: Pick<MoodRecordView, 'intensity' | 'scale'>): string {
  if (record.scale === 'prompt') return `${Math.round(record.intensity)}%`;
  return INTENSITY_LABELS[record.intensity - 1] ?? `${record.intensity} / 5`;
}

/** A tracker entry's mood name, or the free description a prompt entry carries. */
export function moodName(record: Pick<MoodRecordView, 'moodType' | 'description'>): string {
  return record.moodType?.name ?? record.description ?? 'Mood check-in';
}

export function moodIcon(record: Pick<MoodRecordView, 'moodType'>): string {
  return record.moodType?.icon ?? '💭';
}

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** "Today at 3:05 PM", "Yesterday at 9:40 AM", else the date ("Mar 12, 2026"), in local time. */
export function moodTime(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (sameDay(date, now)) return `Today at ${timeFormat.format(date)}`;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, yesterday)) return `Yesterday at ${timeFormat.format(date)}`;
  return dateFormat.format(date);
}

/** Date and time in full, e.g. "Mar 12, 2026 at 3:05 PM". */
export function dateAndTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${dateFormat.format(date)} at ${timeFormat.format(date)}`;
}

export function categoryLabel(category: string): string {
  return MOOD_CATEGORIES.find((c) => c.value === category)?.label ?? category;
}
