import './zod-config';
import * as z from 'zod';
import { countryCode, countrySpellings } from './countries';
import { LIMITS } from './enums';

/**
 * GET /api/search query. Free-tier members may use the text query, age range and locations; the filters in
 * ADVANCED_SEARCH_FILTERS are premium and elite only (one list, so the tier gate is a single check).
 */
export const ADVANCED_SEARCH_FILTERS = ['profileType', 'isVerified', 'matchMood'] as const;

const csvCountries = z
  .string()
  .max(4000)
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().refine((c) => countryCode(c) !== null, 'Unknown country in locations')).max(50))
  // Each chosen country also matches the spellings profiles stored before the ISO list.
  .transform((list) => [...new Set(list.flatMap(countrySpellings))]);

export const searchQuerySchema = z
  .object({
    query: z.string().trim().max(200, 'Search text is too long').optional(),
    minAge: z.coerce.number().int().min(LIMITS.ageMin, 'Minimum age must be at least 18').max(LIMITS.ageMax).optional(),
    maxAge: z.coerce.number().int().min(LIMITS.ageMin, 'Maximum age must be at least 18').max(LIMITS.ageMax).optional(),
    locations: csvCountries.optional(),
    profileType: z.enum(['self', 'parent']).optional(),
    isVerified: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
    matchMood: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
    minMoodScore: z.coerce.number().int().min(30).max(95).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .refine((v) => v.minAge === undefined || v.maxAge === undefined || v.minAge <= v.maxAge, {
    message: 'Minimum age cannot be more than maximum age',
    path: ['minAge'],
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const CONTACT_MESSAGES = {
  nameMin: 'Name must be at least 2 characters',
  emailInvalid: 'Please enter a valid email address',
  subjectMin: 'Subject must be at least 5 characters',
  messageMin: 'Message must be at least 10 characters',
  sent: 'We will get back to you as soon as possible.',
} as const;

export const contactSchema = z.object({
  name: z.string({ error: CONTACT_MESSAGES.nameMin }).trim().min(2, CONTACT_MESSAGES.nameMin).max(100),
  email: z.string({ error: CONTACT_MESSAGES.emailInvalid }).trim().max(254, CONTACT_MESSAGES.emailInvalid).email(CONTACT_MESSAGES.emailInvalid),
  subject: z.string({ error: CONTACT_MESSAGES.subjectMin }).trim().min(5, CONTACT_MESSAGES.subjectMin).max(200),
  message: z.string({ error: CONTACT_MESSAGES.messageMin }).trim().min(10, CONTACT_MESSAGES.messageMin).max(5000),
});
