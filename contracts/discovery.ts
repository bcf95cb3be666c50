import './zod-config';
import * as z from 'zod';
import { countryCode, countrySpellings } from './countries';
import { ACTIVE_WITHIN_DAYS, DIETS, EDUCATION_LEVELS, LIMITS, MARITAL_STATUSES, MOTHER_TONGUES, PROFILE_TYPES, RASHIS, RELIGIONS, RETURN_TO_INDIA_PLANS, SEARCH_SORTS, type SearchSort } from './enums';
import { MAX_RADIUS_KM, resolveNear } from './gazetteer';
import { HEIGHT_MAX_CM, HEIGHT_MIN_CM } from './profile-basics';
import { validationText, validationTexts } from './i18n/validation';

/**
 * GET /api/search query. Every member may use the text query, age range, countries, religion, mother tongue and
 * marital status; the filters in ADVANCED_SEARCH_FILTERS are premium and elite only (one list, so the tier gate
 * is a single check). An unknown parameter is a 400, never silently ignored.
 */
export const ADVANCED_SEARCH_FILTERS = [
  'profileType', 'isVerified', 'matchMood', 'hasPhoto', 'educations', 'diets', 'returnPlans', 'activeWithinDays', 'minGuna', 'rashis',
] as const;

/** Whether a validated search asks for any filter of the paid plans (the tier gate of search and saved searches). */
export const usesAdvancedFilters = (input: Partial<Record<(typeof ADVANCED_SEARCH_FILTERS)[number], unknown>>): boolean =>
  ADVANCED_SEARCH_FILTERS.some((f) => input[f] !== undefined && input[f] !== false);

export const ADVANCED_FILTERS_MESSAGE =
  'Advanced filters (profile type, verified, photo, education, diet, return plans, recently active, guna score, rashi, mood match) are available with Premium or Elite.';

const csvCountries = z
  .string()
  .max(4000)
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().refine((c) => countryCode(c) !== null, 'Unknown country in locations')).max(50))
  // Each chosen country also matches the spellings profiles stored before the ISO list.
  .transform((list) => [...new Set(list.flatMap(countrySpellings))]);

/** A comma-separated list of values from one of the profile's fixed vocabularies. */
const csvOf = (values: readonly string[], label: string) =>
  z
    .string()
    .max(1000)
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
    .pipe(z.array(z.enum(values as [string, ...string[]], { error: `Unknown ${label}: choose from ${values.join(', ')}` })).min(1).max(values.length));

const flag = z.enum(['true', 'false'], { error: 'Use true or false' }).transform((v) => v === 'true');

// The lists live in the zod-free enums, where the search screen reads them without building these schemas.
export { ACTIVE_WITHIN_DAYS, SEARCH_SORTS, type SearchSort };

export const SEARCH_MESSAGES = {
  sort: `Sort is one of ${SEARCH_SORTS.join(', ')}`,
  height: `Height must be between ${HEIGHT_MIN_CM} and ${HEIGHT_MAX_CM} cm`,
  heightOrder: 'Minimum height cannot be more than maximum height',
  near: 'We do not know that place: write it as "City, Country" (for example "Toronto, Canada" or "Pune, IN") or a metro area such as Greater Toronto or Bay Area',
  withinKm: `Distance is a whole number of km from 1 to ${MAX_RADIUS_KM}`,
  withinWithoutNear: 'A distance needs a place: add near (a city or metro area)',
} as const;

const heightCm = z.coerce.number({ error: SEARCH_MESSAGES.height }).int(SEARCH_MESSAGES.height).min(HEIGHT_MIN_CM, SEARCH_MESSAGES.height).max(HEIGHT_MAX_CM, SEARCH_MESSAGES.height);

export const searchQuerySchema = z
  .strictObject(
    {
      query: z.string().trim().max(200, validationText('v.search.textTooLong')).optional(),
      minAge: z.coerce.number().int().min(LIMITS.ageMin, validationText('v.profile.ageMinAtLeast')).max(LIMITS.ageMax).optional(),
      maxAge: z.coerce.number().int().min(LIMITS.ageMin, validationText('v.profile.ageMaxAtLeast')).max(LIMITS.ageMax).optional(),
      locations: csvCountries.optional(),
      religions: csvOf(RELIGIONS, 'religion').optional(),
      motherTongues: csvOf(MOTHER_TONGUES, 'mother tongue').optional(),
      maritalStatuses: csvOf(MARITAL_STATUSES, 'marital status').optional(),
      profileType: z.enum(PROFILE_TYPES).optional(),
      isVerified: flag.optional(),
      hasPhoto: flag.optional(),
      educations: csvOf(EDUCATION_LEVELS, 'education level').optional(),
      diets: csvOf(DIETS, 'diet').optional(),
      returnPlans: csvOf(RETURN_TO_INDIA_PLANS, 'return plan').optional(),
      activeWithinDays: z.coerce
        .number()
        .int()
        .refine((n) => (ACTIVE_WITHIN_DAYS as readonly number[]).includes(n), `Recently active is one of ${ACTIVE_WITHIN_DAYS.join(', ')} days`)
        .optional(),
      minGuna: z.coerce.number().int(validationText('v.search.gunaWhole')).min(0, validationText('v.search.gunaRange')).max(36, validationText('v.search.gunaRange')).optional(),
      sort: z.enum(SEARCH_SORTS, { error: SEARCH_MESSAGES.sort }).optional(),
      minHeightCm: heightCm.optional(),
      maxHeightCm: heightCm.optional(),
      near: z.string().trim().min(1, SEARCH_MESSAGES.near).max(120, SEARCH_MESSAGES.near).refine((v) => resolveNear(v) !== null, SEARCH_MESSAGES.near).optional(),
      withinKm: z.coerce.number({ error: SEARCH_MESSAGES.withinKm }).int(SEARCH_MESSAGES.withinKm).min(1, SEARCH_MESSAGES.withinKm).max(MAX_RADIUS_KM, SEARCH_MESSAGES.withinKm).optional(),
      rashis: csvOf(RASHIS, 'rashi').optional(),
      matchMood: flag.optional(),
      minMoodScore: z.coerce.number().int().min(30).max(95).optional(),
      cursor: z.string().max(400, 'This cursor is malformed: start the search again.').optional(),
      limit: z.coerce.number().int().min(1).max(50).default(20),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown search filter: ${issue.keys.join(', ')}` : undefined) },
  )
  .refine((v) => v.minAge === undefined || v.maxAge === undefined || v.minAge <= v.maxAge, {
    message: validationText('v.profile.ageOrder'),
    path: ['minAge'],
  })
  .refine((v) => v.minHeightCm === undefined || v.maxHeightCm === undefined || v.minHeightCm <= v.maxHeightCm, {
    message: SEARCH_MESSAGES.heightOrder,
    path: ['minHeightCm'],
  })
  .refine((v) => v.withinKm === undefined || v.near !== undefined, { message: SEARCH_MESSAGES.withinWithoutNear, path: ['withinKm'] });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** The contact form's texts (`v.contact.*`): the server answers a refusal in the reader's language, the form shows it in the app's. */
export const CONTACT_MESSAGES = validationTexts('contact');

const tooLong = (max: number) => validationText('v.common.maxLength', { max });

export const contactSchema = z.object({
  name: z.string({ error: CONTACT_MESSAGES.nameMin }).trim().min(2, CONTACT_MESSAGES.nameMin).max(100, tooLong(100)),
  email: z.string({ error: CONTACT_MESSAGES.emailInvalid }).trim().max(254, CONTACT_MESSAGES.emailInvalid).email(CONTACT_MESSAGES.emailInvalid),
  subject: z.string({ error: CONTACT_MESSAGES.subjectMin }).trim().min(5, CONTACT_MESSAGES.subjectMin).max(200, tooLong(200)),
  message: z.string({ error: CONTACT_MESSAGES.messageMin }).trim().min(10, CONTACT_MESSAGES.messageMin).max(5000, tooLong(5000)),
});
