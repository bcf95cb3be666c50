// Query-parameter parsers for the route table. Plain functions rather than zod: this module loads with the
// first screen, and even zod/mini would add ~18 KB gzipped to it.

type RawSearch = Record<string, unknown>;

/**
 * The router's default search parser JSON-decodes values ("123" → 123, "true" → true), so text parameters
 * accept scalars and turn them back into strings; anything else is dropped.
 */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function flag(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

function textParams<K extends string>(...keys: K[]) {
  return (search: RawSearch): { [P in K]?: string } => {
    const out: { [P in K]?: string } = {};
    for (const key of keys) {
      const value = text(search[key]);
      if (value !== undefined) out[key] = value;
    }
    return out;
  };
}

export const loginSearchSchema = textParams('error', 'redirectTo');
export const registerSearchSchema = (search: RawSearch): { error?: string; redirectTo?: string; sent?: boolean } => {
  const out: { error?: string; redirectTo?: string; sent?: boolean } = textParams('error', 'redirectTo')(search);
  const sent = flag(search.sent);
  if (sent !== undefined) out.sent = sent;
  return out;
};
export const authRedirectSearchSchema = textParams('redirectTo');
export const forgotPasswordSearchSchema = textParams('error', 'token');
export const resetPasswordSearchSchema = (search: RawSearch): { error?: string; success?: boolean } => {
  const out: { error?: string; success?: boolean } = {};
  const error = text(search.error);
  const success = flag(search.success);
  if (error !== undefined) out.error = error;
  if (success !== undefined) out.success = success;
  return out;
};
export const checkoutSearchSchema = textParams('tier', 'client_secret', 'price');
export const confirmationSearchSchema = textParams('tier');

function number(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
}

/**
 * /search as an address: the text, the applied filters and mood match, named as GET /api/search names them, so a
 * reload, Back or a link shows the same search. Only each parameter's kind is checked here; the search screen reads
 * them into its criteria, dropping unknown values and clamping numbers (features/search/search-url.ts).
 */
export interface SearchPageSearch {
  query?: string;
  minAge?: number;
  maxAge?: number;
  locations?: string;
  religions?: string;
  motherTongues?: string;
  maritalStatuses?: string;
  profileType?: string;
  isVerified?: boolean;
  hasPhoto?: boolean;
  educations?: string;
  diets?: string;
  returnPlans?: string;
  activeWithinDays?: number;
  minGuna?: number;
  matchMood?: boolean;
  minMoodScore?: number;
  sort?: string;
  minHeightCm?: number;
  maxHeightCm?: number;
  near?: string;
  withinKm?: number;
  rashis?: string;
}

const SEARCH_TEXTS = [
  'query', 'locations', 'religions', 'motherTongues', 'maritalStatuses', 'profileType', 'educations', 'diets', 'returnPlans', 'sort', 'near', 'rashis',
] as const;
const SEARCH_NUMBERS = ['minAge', 'maxAge', 'activeWithinDays', 'minGuna', 'minMoodScore', 'minHeightCm', 'maxHeightCm', 'withinKm'] as const;
const SEARCH_FLAGS = ['isVerified', 'hasPhoto', 'matchMood'] as const;

/** Every known parameter is answered, `undefined` when malformed: the router keeps raw values a parser leaves out. */
export function searchPageSearchSchema(search: RawSearch): SearchPageSearch {
  const out: SearchPageSearch = {};
  for (const key of SEARCH_TEXTS) out[key] = text(search[key]);
  for (const key of SEARCH_NUMBERS) out[key] = number(search[key]);
  for (const key of SEARCH_FLAGS) out[key] = flag(search[key]) === true ? true : undefined;
  return out;
}
