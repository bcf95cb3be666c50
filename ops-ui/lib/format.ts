// Reviewers work across time zones; dates show in the reviewer's own zone, with the month spelled out so that
// 03/04 is never ambiguous.
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const calendarDateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateFormat.format(new Date(iso)) : '—';
}

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTimeFormat.format(new Date(iso)) : '—';
}

/** A calendar date ("2025-02-14") as "14 Feb 2025", independent of the viewer's time zone. */
export function formatCalendarDate(date: string | null | undefined): string {
  return date ? calendarDateFormat.format(new Date(`${date}T00:00:00Z`)) : '—';
}

/** "14 Feb" for chart axes; the series' dates are UTC days. */
export function formatDay(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

export function formatCount(value: number): string {
  return value.toLocaleString('en');
}

/** snake_case values from the API ("driving_licence") as words ("Driving licence"). */
export function humanize(value: string): string {
  const words = value.replace(/[_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
