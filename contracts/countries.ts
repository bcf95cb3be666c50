// Every country and territory of ISO 3166-1 (alpha-2), named by the platform's own Intl.DisplayNames, so Hong
// Kong, Macau, Taiwan, Puerto Rico and the other places the diaspora lives are all offered. Profiles store the
// English name; names stored before this list (a fixed list of sovereign states with a few different spellings)
// keep working through LEGACY_NAMES.
import { DEFAULT_LANGUAGE, localeOf } from './i18n/languages';

export const ISO_COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** Names stored before the ISO list, where the platform spells them differently today. */
const LEGACY_NAMES: Record<string, string> = {
  'Antigua and Barbuda': 'AG',
  'Bosnia and Herzegovina': 'BA',
  'Cabo Verde': 'CV',
  Congo: 'CG',
  "Côte d'Ivoire": 'CI',
  'Democratic Republic of the Congo': 'CD',
  'Holy See': 'VA',
  Myanmar: 'MM',
  Palestine: 'PS',
  'Saint Kitts and Nevis': 'KN',
  'Saint Lucia': 'LC',
  'Saint Vincent and the Grenadines': 'VC',
  'Sao Tome and Principe': 'ST',
  'Trinidad and Tobago': 'TT',
  Turkey: 'TR',
  'Czech Republic': 'CZ',
  Burma: 'MM',
  'United States of America': 'US',
  USA: 'US',
  UK: 'GB',
  'Great Britain': 'GB',
  UAE: 'AE',
  'Hong Kong': 'HK',
  Macau: 'MO',
  Macao: 'MO',
  'South Korea': 'KR',
  'North Korea': 'KP',
};

export interface CountryEntry {
  code: string;
  name: string;
}

/** Comparable form of a name: case, accents, "&"/"and", "St."/"Saint" and punctuation do not matter. */
function fold(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\bst\.?\s/g, 'saint ')
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

interface CountryTable {
  displayNames: Intl.DisplayNames;
  entries: readonly CountryEntry[];
  names: readonly string[];
  byFolded: Map<string, string>;
}

let table: CountryTable | null = null;

/**
 * The names and spellings, built on first use: constructing Intl.DisplayNames alone takes 15–25 ms in a browser,
 * which every screen that merely loads this module (most of the member app's) would otherwise pay at start-up.
 */
function countryTable(): CountryTable {
  if (table) return table;
  const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator('en');
  const entries = ISO_COUNTRY_CODES.map((code) => ({ code, name: displayNames.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
  const byFolded = new Map<string, string>();
  for (const entry of entries) byFolded.set(fold(entry.name), entry.code);
  for (const [name, code] of Object.entries(LEGACY_NAMES)) byFolded.set(fold(name), code);
  for (const code of ISO_COUNTRY_CODES) {
    // Names written by another platform's name table (a browser with older or newer data) resolve too.
    const withoutParens = displayNames.of(code)?.replace(/\s*\([^)]*\)/, '');
    if (withoutParens && !byFolded.has(fold(withoutParens))) byFolded.set(fold(withoutParens), code);
  }
  table = { displayNames, entries, names: entries.map((entry) => entry.name), byFolded };
  return table;
}

/** Every ISO 3166-1 entry with its English name, in alphabetical order of the name. */
export function countryEntries(): readonly CountryEntry[] {
  return countryTable().entries;
}

/** The names offered in pickers. */
export function countryNames(): readonly string[] {
  return countryTable().names;
}

/** Where most Indians abroad live, most members first: offered above the full list in every country picker. */
export const DIASPORA_COUNTRY_CODES = ['CA', 'US', 'GB', 'AE', 'AU', 'SG', 'NZ', 'SA', 'QA', 'KW', 'OM', 'BH', 'MY', 'DE', 'IE', 'NL', 'IN'] as const;

/** The diaspora countries' names as pickers show them (the platform's own names). */
export function diasporaCountryNames(): string[] {
  return DIASPORA_COUNTRY_CODES.map((code) => countryName(code)).filter((name): name is string => name !== null);
}

/** Every country name, the diaspora's first (for type-ahead pickers, where a name appears once). */
export function countryNamesDiasporaFirst(): string[] {
  const first = diasporaCountryNames();
  return [...first, ...countryNames().filter((name) => !first.includes(name))];
}

export type Country = string;

/**
 * `compute(name)`, kept in `answers` by the name asked (at most 1,000 names; then it starts afresh). Every card the
 * server presents asks countryCode, and every search with a countries filter countrySpellings: a few hundred distinct
 * names, each folded and looked up once.
 */
function remembered<T>(answers: Map<string, T>, name: string, compute: (name: string) => T): T {
  let answer = answers.get(name);
  if (answer === undefined) {
    answer = compute(name);
    if (answers.size > 1000) answers.clear();
    answers.set(name, answer);
  }
  return answer;
}

const codeOf = new Map<string, string | null>();

/** ISO 3166-1 alpha-2 code of a country name (current or legacy spelling), or null when it names none. */
export function countryCode(name: string | null | undefined): string | null {
  if (!name) return null;
  return remembered(codeOf, name, (asked) => {
    const trimmed = asked.trim();
    if (/^[A-Za-z]{2}$/.test(trimmed) && ISO_COUNTRY_CODES.includes(trimmed.toUpperCase())) return trimmed.toUpperCase();
    return countryTable().byFolded.get(fold(trimmed)) ?? null;
  });
}

/** The name this platform uses for a country given by any accepted spelling, or null. */
export function countryName(nameOrCode: string | null | undefined): string | null {
  const code = countryCode(nameOrCode);
  return code ? (countryTable().displayNames.of(code) ?? null) : null;
}

export function isCountry(name: string): boolean {
  return countryCode(name) !== null && !/^[A-Za-z]{2}$/.test(name.trim());
}

const spellingsOf = new Map<string, string[]>();

/**
 * Every spelling a profile may have stored for the country `name` names: the platform's name and the spellings
 * stored before the ISO list, so a filter on "Türkiye" also finds profiles saved as "Turkey".
 */
export function countrySpellings(name: string): string[] {
  const spellings = remembered(spellingsOf, name, (asked) => {
    const code = countryCode(asked);
    if (!code) return [asked];
    const all = new Set([countryTable().displayNames.of(code) ?? asked, asked.trim()]);
    for (const [legacy, legacyCode] of Object.entries(LEGACY_NAMES)) if (legacyCode === code) all.add(legacy);
    return [...all];
  });
  return [...spellings];
}

const regionNames = new Map<string, Intl.DisplayNames>();
/**
 * A country, stored by its English name (the value members pick), named in `locale` by Intl's region names; English
 * and a name that is no country (a member's own words) are returned as written. The app and the server both word
 * countries with it.
 */
export function countryNameIn(locale: string, name: string): string {
  if (locale === localeOf(DEFAULT_LANGUAGE)) return name;
  const code = countryCode(name);
  if (!code) return name;
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    regionNames.set(locale, names);
  }
  return names.of(code) ?? name;
}
