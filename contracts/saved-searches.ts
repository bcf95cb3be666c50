import './zod-config';
import * as z from 'zod';
import { searchQuerySchema } from './discovery';
import { SAVED_SEARCH_NAME_MAX, type SubscriptionTier } from './enums';
import { validationText } from './i18n/validation';

/** How many searches a member keeps, by plan (docs/tiers-and-limits.md). */
export const SAVED_SEARCH_LIMITS: Record<SubscriptionTier, number> = { tryme: 3, premium: 20, elite: 20 };
// In the zod-free enums, where the search screen's Save reads it without building the schemas below.
export { SAVED_SEARCH_NAME_MAX };
/** The most new members one alert email lists by name (the rest are counted). */
export const ALERT_EMAIL_LISTS = 5;

/** Search parameters that describe a page of results or a passing mood, not a search to keep. */
const NOT_KEPT: Record<string, string> = {
  cursor: 'A saved search keeps filters, not a page of results (cursor)',
  limit: 'A saved search keeps filters, not a page size (limit)',
  matchMood: 'Mood match is not kept in a saved search: moods change from day to day',
  minMoodScore: 'Mood match is not kept in a saved search: moods change from day to day',
};

/**
 * A saved search's filters: GET /api/search's own parameters (the search screen's address names them the same way),
 * checked by the schema search uses, so a saved search is always one search could run. Kept as the strings the
 * address holds, keys in order, so the same search saved twice is recognised.
 */
export const savedSearchFiltersSchema = z
  .record(
    z.string().max(40, 'Unknown search filter'),
    z.union([z.string().max(4000, 'This filter is too long'), z.number(), z.boolean()], { error: 'Each filter is text, a number or true/false' }),
    { error: 'filters is an object of search parameters' },
  )
  .transform((params) => Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]).sort(([a], [b]) => (a < b ? -1 : 1))))
  .superRefine((params, ctx) => {
    for (const key of Object.keys(params)) {
      if (NOT_KEPT[key]) ctx.addIssue({ code: 'custom', message: NOT_KEPT[key], path: [key] });
    }
    const checked = searchQuerySchema.safeParse(params);
    if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
export type SavedSearchFilters = Record<string, string>;

const name = z
  .string({ error: validationText('v.savedSearch.nameRequired') })
  .trim()
  .min(1, validationText('v.savedSearch.nameRequired'))
  .max(SAVED_SEARCH_NAME_MAX, validationText('v.common.nameMax', { max: SAVED_SEARCH_NAME_MAX }));
const onOff = (what: string) => z.boolean({ error: `${what} is true or false` });

/** POST /api/saved-searches */
export const savedSearchCreateSchema = z.strictObject(
  {
    name,
    filters: savedSearchFiltersSchema,
    emailAlerts: onOff('emailAlerts').default(true),
    pushAlerts: onOff('pushAlerts').default(true),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : undefined) },
);
export type SavedSearchCreateInput = z.infer<typeof savedSearchCreateSchema>;

/** PATCH /api/saved-searches/{id}: rename, or turn its alerts on or off (to change the filters, save a new search). */
export const savedSearchUpdateSchema = z
  .strictObject(
    { name: name.optional(), emailAlerts: onOff('emailAlerts').optional(), pushAlerts: onOff('pushAlerts').optional() },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')} (to change the filters, save a new search)` : undefined) },
  )
  .refine((v) => v.name !== undefined || v.emailAlerts !== undefined || v.pushAlerts !== undefined, { message: 'Nothing to change: send name, emailAlerts or pushAlerts' });
export type SavedSearchUpdateInput = z.infer<typeof savedSearchUpdateSchema>;

export interface SavedSearchView {
  id: number;
  name: string;
  filters: SavedSearchFilters;
  emailAlerts: boolean;
  pushAlerts: boolean;
  /** members the search finds now; null when it cannot run on the member's plan */
  matches: number | null;
  /** the search uses filters the member's plan no longer includes: no results and no alerts until an upgrade */
  needsUpgrade: boolean;
  createdAt: string;
  /** when the last alert about it went out */
  lastAlertAt: string | null;
}

export interface SavedSearchList {
  searches: SavedSearchView[];
  /** how many the member's plan keeps */
  limit: number;
}
