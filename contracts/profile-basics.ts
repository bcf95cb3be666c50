// The basics families filter on first: height, income ranges with their currency, and community suggestions.
// Imports nothing but the enums; the screens and the server format and check with these.
import type { IndianLanguage } from './enums';

export const HEIGHT_MIN_CM = 120;
export const HEIGHT_MAX_CM = 230;

/** "170 cm (5 ft 7 in)": centimetres as stored, feet and inches beside them for families who think in those. */
export function formatHeight(cm: number | null | undefined): string | null {
  if (cm == null || !Number.isFinite(cm)) return null;
  const inches = Math.round(cm / 2.54);
  return `${cm} cm (${Math.floor(inches / 12)} ft ${inches % 12} in)`;
}

/** Currencies an income is given in (ISO 4217): the rupee and those of the countries most of the diaspora lives in. */
export const INCOME_CURRENCIES = ['INR', 'USD', 'CAD', 'GBP', 'EUR', 'AUD', 'NZD', 'AED', 'SGD', 'SAR', 'QAR', 'MYR'] as const;
export type IncomeCurrency = (typeof INCOME_CURRENCIES)[number];

const LAKH = 100_000;
/** Lower bounds of the ranges offered; each range ends where the next starts, the last is open. */
const INR_BOUNDS = [0, 3, 5, 7.5, 10, 15, 20, 30, 50, 75, 100].map((lakh) => lakh * LAKH);
const OTHER_BOUNDS = [0, 25_000, 50_000, 80_000, 100_000, 150_000, 200_000, 300_000];

export interface IncomeRange {
  /** the amount stored when the range is chosen */
  min: number;
  /** exclusive; null for the open top range */
  max: number | null;
}

export function incomeRanges(currency: string | null | undefined): IncomeRange[] {
  const bounds = currency === 'INR' ? INR_BOUNDS : OTHER_BOUNDS;
  return bounds.map((min, i) => ({ min, max: bounds[i + 1] ?? null }));
}

/** The range an annual amount falls in (any amount, not only a range's lower bound). */
export function incomeRangeOf(amount: number, currency: string | null | undefined): IncomeRange {
  const ranges = incomeRanges(currency);
  return ranges.findLast((r) => amount >= r.min) ?? ranges[0];
}

function symbolOf(currency: string, locale: string): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'symbol' }).formatToParts(0);
  return parts.find((p) => p.type === 'currency')?.value ?? currency;
}

const lakhs = (amount: number) => String(amount / LAKH);

/** How an income's range reads: its form, and its amounts already written with their currency ("₹10", "CA$80,000"). */
export type IncomeForm = 'plain' | 'upTo' | 'range' | 'orMore' | 'lakhUpTo' | 'lakhRange' | 'lakhOrMore' | 'croreOrMore';
export interface IncomeParts {
  form: IncomeForm;
  min: string;
  max: string;
}

/**
 * An annual income as the range it falls in, in parts a sentence of any language takes (the member app's catalogues,
 * `editor.income.<form>`; English below). Rupees in lakh and crore; without a currency the amount as a plain number.
 */
export function incomeParts(amount: number | null | undefined, currency: string | null | undefined): IncomeParts | null {
  if (amount == null || !Number.isFinite(amount)) return null;
  if (!currency) return { form: 'plain', min: new Intl.NumberFormat('en-US').format(amount), max: '' };
  const { min, max } = incomeRangeOf(amount, currency);
  if (currency === 'INR') {
    const symbol = symbolOf('INR', 'en-IN');
    if (max === null) return min >= 100 * LAKH ? { form: 'croreOrMore', min: `${symbol}${min / (100 * LAKH)}`, max: '' } : { form: 'lakhOrMore', min: `${symbol}${lakhs(min)}`, max: '' };
    if (min === 0) return { form: 'lakhUpTo', min: '', max: `${symbol}${lakhs(max)}` };
    return { form: 'lakhRange', min: `${symbol}${lakhs(min)}`, max: lakhs(max) };
  }
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 });
  const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  if (max === null) return { form: 'orMore', min: money.format(min), max: '' };
  if (min === 0) return { form: 'upTo', min: '', max: money.format(max) };
  return { form: 'range', min: money.format(min), max: plain.format(max) };
}

const INCOME_ENGLISH: Record<IncomeForm, (parts: IncomeParts) => string> = {
  plain: ({ min }) => `${min} a year`,
  upTo: ({ max }) => `Up to ${max} a year`,
  range: ({ min, max }) => `${min}–${max} a year`,
  orMore: ({ min }) => `${min} or more a year`,
  lakhUpTo: ({ max }) => `Up to ${max} lakh a year`,
  lakhRange: ({ min, max }) => `${min}–${max} lakh a year`,
  lakhOrMore: ({ min }) => `${min} lakh or more a year`,
  croreOrMore: ({ min }) => `${min} crore or more a year`,
};

/** An annual income in English: "₹10–15 lakh a year", "CA$80,000–100,000 a year", "Up to ₹3 lakh a year". */
export function formatIncome(amount: number | null | undefined, currency: string | null | undefined): string | null {
  const parts = incomeParts(amount, currency);
  return parts && INCOME_ENGLISH[parts.form](parts);
}

/** The currency a profile's income is most likely in, from its country (members can change it). */
export function defaultIncomeCurrency(country: string | null | undefined): IncomeCurrency {
  const byCountry: Record<string, IncomeCurrency> = {
    India: 'INR', 'United States': 'USD', Canada: 'CAD', 'United Kingdom': 'GBP', Australia: 'AUD', 'New Zealand': 'NZD',
    'United Arab Emirates': 'AED', Singapore: 'SGD', 'Saudi Arabia': 'SAR', Qatar: 'QAR', Malaysia: 'MYR',
    Germany: 'EUR', France: 'EUR', Netherlands: 'EUR', Ireland: 'EUR', Italy: 'EUR', Spain: 'EUR', Belgium: 'EUR', Austria: 'EUR',
  };
  return (country && byCountry[country]) || 'INR';
}

export const SIBLINGS_MAX = 10;

type Religion = 'Hindu' | 'Sikh' | 'Muslim' | 'Christian' | 'Jain' | 'Buddhist';

/**
 * Communities families commonly name, by religion and mother tongue (`*`: any mother tongue). Suggestions only: the
 * community is free text, optional, never required.
 */
const COMMUNITIES: ReadonlyArray<{ religion: Religion; tongue: IndianLanguage | '*'; names: readonly string[] }> = [
  { religion: 'Hindu', tongue: 'Hindi', names: ['Brahmin', 'Rajput', 'Kayastha', 'Agarwal', 'Yadav', 'Kurmi', 'Jat', 'Baniya'] },
  { religion: 'Hindu', tongue: 'Punjabi', names: ['Khatri', 'Arora', 'Jat', 'Brahmin', 'Saini'] },
  { religion: 'Hindu', tongue: 'Gujarati', names: ['Patel', 'Brahmin', 'Lohana', 'Vaishnav Vania', 'Patidar'] },
  { religion: 'Hindu', tongue: 'Tamil', names: ['Iyer', 'Iyengar', 'Chettiar', 'Mudaliar', 'Pillai', 'Nadar', 'Gounder', 'Vanniyar'] },
  { religion: 'Hindu', tongue: 'Telugu', names: ['Reddy', 'Kamma', 'Kapu', 'Velama', 'Vysya', 'Brahmin'] },
  { religion: 'Hindu', tongue: 'Malayalam', names: ['Nair', 'Ezhava', 'Namboodiri', 'Menon'] },
  { religion: 'Hindu', tongue: 'Bengali', names: ['Kayastha', 'Brahmin', 'Baidya', 'Mahishya'] },
  { religion: 'Hindu', tongue: 'Marathi', names: ['Maratha', 'Deshastha Brahmin', 'Kokanastha Brahmin', 'CKP', 'Kunbi'] },
  { religion: 'Hindu', tongue: 'Kannada', names: ['Lingayat', 'Vokkaliga', 'Brahmin', 'Kuruba'] },
  { religion: 'Hindu', tongue: 'Odia', names: ['Karan', 'Khandayat', 'Brahmin'] },
  { religion: 'Hindu', tongue: 'Konkani', names: ['Gaud Saraswat Brahmin', 'Daivadnya'] },
  { religion: 'Hindu', tongue: 'Sindhi', names: ['Amil', 'Bhaibund', 'Lohana'] },
  { religion: 'Hindu', tongue: 'Assamese', names: ['Kalita', 'Ahom', 'Brahmin'] },
  { religion: 'Hindu', tongue: 'Kashmiri', names: ['Kashmiri Pandit'] },
  { religion: 'Hindu', tongue: 'Tulu', names: ['Bunt', 'Billava', 'Mogaveera'] },
  { religion: 'Hindu', tongue: 'Marwari', names: ['Agarwal', 'Maheshwari', 'Oswal', 'Rajput'] },
  { religion: 'Hindu', tongue: 'Maithili', names: ['Maithil Brahmin', 'Karn Kayastha'] },
  { religion: 'Hindu', tongue: 'Nepali', names: ['Bahun', 'Chhetri', 'Newar'] },
  { religion: 'Sikh', tongue: '*', names: ['Jat', 'Khatri', 'Arora', 'Ramgarhia', 'Saini'] },
  { religion: 'Jain', tongue: '*', names: ['Shwetambar', 'Digambar', 'Oswal', 'Porwal'] },
  { religion: 'Muslim', tongue: 'Malayalam', names: ['Mappila'] },
  { religion: 'Muslim', tongue: '*', names: ['Sunni', 'Shia', 'Syed', 'Pathan', 'Sheikh'] },
  { religion: 'Christian', tongue: 'Malayalam', names: ['Syrian Catholic', 'Marthoma', 'Jacobite', 'Orthodox', 'Latin Catholic'] },
  { religion: 'Christian', tongue: '*', names: ['Catholic', 'Protestant', 'Orthodox'] },
  { religion: 'Buddhist', tongue: '*', names: ['Theravada', 'Mahayana'] },
];

/** Suggestions for the community field: those of the religion and mother tongue first, then the religion's own. */
export function communitySuggestions(religion: string | null | undefined, motherTongue: string | null | undefined): string[] {
  if (!religion) return [];
  const exact = COMMUNITIES.filter((c) => c.religion === religion && c.tongue === motherTongue);
  const anyTongue = COMMUNITIES.filter((c) => c.religion === religion && c.tongue === '*');
  return [...new Set([...exact, ...anyTongue].flatMap((c) => c.names))];
}
