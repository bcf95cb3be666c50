// Apart from the profile schemas so that screens which only show an age do not load zod with them.

const DAY_MS = 86_400_000;
/** Ages as of today by birth date (a page of search cards asks for twenty), emptied when the UTC day changes. */
const todays = new Map<string, number | null>();
let todaysDay = -1;

/** Age in full years on `today` (the current UTC day when not given) from a YYYY-MM-DD date; null when the date is not valid. */
export function ageFromDateOfBirth(dateOfBirth: string | null | undefined, today?: Date): number | null {
  if (today) return ageOn(dateOfBirth, today);
  if (!dateOfBirth) return null;
  const day = Math.floor(Date.now() / DAY_MS);
  if (day !== todaysDay || todays.size > 50_000) {
    todays.clear();
    todaysDay = day;
  }
  let age = todays.get(dateOfBirth);
  if (age === undefined) todays.set(dateOfBirth, (age = ageOn(dateOfBirth, new Date(day * DAY_MS))));
  return age;
}

function ageOn(dateOfBirth: string | null | undefined, today: Date): number | null {
  if (!dateOfBirth || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return null;
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age >= 0 ? age : null;
}
