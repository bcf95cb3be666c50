import { EDUCATION_LEVELS } from '../../contracts/enums';
import { HEIGHT_MAX_CM, HEIGHT_MIN_CM } from '../../contracts/profile-basics';
import { ageFromDateOfBirth } from '../../contracts/profile';
import type { MatchFactorView } from '../../contracts/views';
import { countryWord, optionWord, type Translator, translatorFor } from '../i18n';

/**
 * The matching engine: one deterministic function gives the match percentage between a member and a candidate
 * and the breakdown behind it.
 *
 * Weights (points; a factor that cannot be judged because data is missing is left out of both the earned
 * and the available points, so an incomplete profile is not punished by guesswork):
 *
 *   Partner preferences, each way (member's wishes about the candidate, and the candidate's about the member)
 *     age within the preferred range ........ 8   (1 point less per year outside, down to 0)
 *     lives in a preferred country .......... 6
 *     education preference .................. 3
 *     profession preference ................. 3
 *     height within the preferred range ..... 4   (a tenth off per cm outside, down to 0)
 *     marital status preference ............. 4
 *     diet preference ....................... 3
 *     community preference .................. 2   (the community's name, case and spacing aside)
 *   Shared religion ........................ 12
 *   Shared mother tongue ...................  8
 *   NRI alignment
 *     return-to-India plans ................. 8   (definite … never on a 4-step scale; 1/3 off per step)
 *     cultural integration level ............ 6   (traditional … modern on a 3-step scale; 1/2 off per step)
 *     same country of residence ............. 6
 *   Candidate verified .....................  5
 *   Kundali (Ashtakoot guna score / 36) .... 15   (only when the Kundali engine supplies it)
 *
 * percentage = round(100 × earned / available), with each factor's points rounded to the hundredth. The match
 * engine (services/match-engine) ranks every list by exactly this number. An empty preference ("no preference") is fully satisfied.
 * The looking-for preference is a filter, not a weight: candidates of the wrong gender are never offered.
 */
export interface MatchProfile {
  userId: number;
  gender: string | null;
  lookingFor: string | null;
  dateOfBirth: string | null;
  country: string | null;
  education: string | null;
  profession: string | null;
  religion: string | null;
  motherTongue: string | null;
  agePreferenceMin: number | null;
  agePreferenceMax: number | null;
  locationPreference: string[] | null;
  educationPreference: string | null;
  professionPreference: string | null;
  culturalIntegrationLevel: string | null;
  returnToIndiaPlans: string | null;
  isVerified: boolean;
  /** cm */
  height: number | null;
  maritalStatus: string | null;
  diet: string | null;
  community: string | null;
  heightPreferenceMin: number | null;
  heightPreferenceMax: number | null;
  /** empty or null: open to all */
  maritalStatusPreference: string[] | null;
  dietPreference: string[] | null;
  communityPreference: string[] | null;
}

export interface MatchResult {
  percentage: number;
  earned: number;
  available: number;
  factors: MatchFactorView[];
}

export const WEIGHTS = {
  age: 8,
  location: 6,
  education: 3,
  profession: 3,
  height: 4,
  maritalStatus: 4,
  diet: 3,
  community: 2,
  religion: 12,
  motherTongue: 8,
  returnPlans: 8,
  culturalIntegration: 6,
  residence: 6,
  verified: 5,
  kundali: 15,
} as const;

export const RETURN_SCALE = ['definite', 'considering', 'unlikely', 'never'];
export const INTEGRATION_SCALE = ['traditional', 'moderate', 'modern'];

/**
 * Points earned by a factor, in hundredths of a point: weight × fit rounded to the hundredth. Sums are kept in
 * whole hundredths so the percentage does not depend on the order the factors are added in: the match engine
 * adds the same numbers from lookup tables and must reach exactly the same percentage.
 */
export function hundredths(weight: number, fit: number): number {
  return Math.round(weight * fit * 100);
}

/** percentage = round(100 × earned / available), from hundredths of a point earned and whole points available. */
export function percentageOf(earnedHundredths: number, available: number): number {
  return available === 0 ? 0 : Math.round(earnedHundredths / available);
}

/** The Kundali factor's fit: the Ashtakoot total (0–36) over 36. */
export const kundaliFit = (gunaScore: number) => Math.max(0, Math.min(36, gunaScore)) / 36;

const isOpen = (pref: string | null | undefined) => !pref || /^\s*(any|open|no preference|doesn't matter|flexible)\b/i.test(pref);
const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 2 && !['and', 'the', 'any', 'with', 'for', 'above', 'or'].includes(w));

/** Fraction (0–1) of an age preference met by an age; null when it cannot be judged. */
export function ageFit(age: number | null, min: number | null, max: number | null): number | null {
  if (min === null && max === null) return 1;
  if (age === null) return null;
  const lo = min ?? 18;
  const hi = max ?? 70;
  if (age >= lo && age <= hi) return 1;
  const distance = age < lo ? lo - age : age - hi;
  return Math.max(0, 1 - distance / WEIGHTS.age);
}

/** Fraction of a height range met by a height (cm): a tenth less per cm outside; null when it cannot be judged. */
export function heightFit(height: number | null, min: number | null, max: number | null): number | null {
  if (min === null && max === null) return 1;
  if (height === null) return null;
  const lo = min ?? HEIGHT_MIN_CM;
  const hi = max ?? HEIGHT_MAX_CM;
  if (height >= lo && height <= hi) return 1;
  const distance = height < lo ? lo - height : height - hi;
  return Math.max(0, 1 - distance / 10);
}

/** A value against a list of accepted ones (marital status, diet): an empty list accepts everyone. */
export function listFit(value: string | null, accepted: string[] | null): number | null {
  if (!accepted || accepted.length === 0) return 1;
  if (!value) return null;
  return accepted.includes(value) ? 1 : 0;
}

const communityKey = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** A community against the preferred ones, case and spacing aside (free text on both sides). */
export function communityFit(community: string | null, accepted: string[] | null): number | null {
  if (!accepted || accepted.length === 0) return 1;
  if (!community) return null;
  const key = communityKey(community);
  return accepted.some((a) => communityKey(a) === key) ? 1 : 0;
}

export function locationFit(country: string | null, preferred: string[] | null): number | null {
  if (!preferred || preferred.length === 0) return 1;
  if (!country) return null;
  return preferred.includes(country) ? 1 : 0;
}

/** "Master's or above" needs Master's or Doctorate; "Bachelor's" alone needs exactly that; "any" is open. */
export function educationFit(education: string | null, preference: string | null): number | null {
  if (isOpen(preference)) return 1;
  if (!education) return null;
  const pref = (preference as string).toLowerCase();
  const levels = EDUCATION_LEVELS.map((l) => l.toLowerCase());
  const mentioned = levels
    .map((level, index) => ({ index, hit: pref.includes(level.replace("'s", '')) }))
    .filter((m) => m.hit)
    .map((m) => m.index);
  const candidateLevel = levels.indexOf(education.toLowerCase());
  if (mentioned.length === 0 || candidateLevel === -1) {
    return words(pref).some((w) => education.toLowerCase().includes(w)) ? 1 : 0;
  }
  const required = Math.min(...mentioned);
  const orAbove = /above|higher|\+|or more|at least|minimum/.test(pref);
  if (orAbove) return candidateLevel >= required ? 1 : 0;
  return mentioned.includes(candidateLevel) ? 1 : 0;
}

export function professionFit(profession: string | null, preference: string | null): number | null {
  if (isOpen(preference)) return 1;
  if (!profession) return null;
  const wanted = words(preference as string);
  if (wanted.length === 0) return 1;
  const have = new Set(words(profession));
  return wanted.some((w) => have.has(w) || [...have].some((h) => h.startsWith(w) || w.startsWith(h))) ? 1 : 0;
}

export function scaleFit(a: string | null, b: string | null, scale: string[]): number | null {
  const i = a ? scale.indexOf(a) : -1;
  const j = b ? scale.indexOf(b) : -1;
  if (i === -1 || j === -1) return null;
  return 1 - Math.abs(i - j) / (scale.length - 1);
}

export function sameValue(a: string | null, b: string | null): number | null {
  if (!a || !b || a === 'Other' || b === 'Other') return null;
  return a === b ? 1 : 0;
}

/**
 * Match percentage and breakdown between `member` and `candidate`. `gunaScore` (0–36) plugs in the Kundali
 * factor once the Kundali engine has computed it for the pair. The breakdown's words are in `t`'s language
 * (server.text.factor.*; English by default); what members entered (a country, a profession) is quoted as entered.
 */
export function computeMatch(member: MatchProfile, candidate: MatchProfile, options: { gunaScore?: number | null; today?: Date; t?: Translator } = {}): MatchResult {
  const t = options.t ?? translatorFor('en');
  // Values of the contracts' lists and countries in the reader's words; what members typed stays as typed.
  const word = (list: string, value: string | null | undefined) => (value ? (list === 'country' ? countryWord(t, value) : optionWord(t, list, value)) : '?');
  const anyOf = (list: string[] | null, kind = 'country') => (list?.length ? list.map((value) => word(kind, value)).join(', ') : t('server.text.factor.any'));
  const factors: MatchFactorView[] = [];
  let earnedHundredths = 0;
  let available = 0;
  const add = (factor: keyof typeof WEIGHTS, who: 'yours' | 'theirs' | null, fit: number | null, detail: string) => {
    if (fit === null) return;
    const weight = WEIGHTS[factor];
    const points = hundredths(weight, fit);
    earnedHundredths += points;
    available += weight;
    factors.push({ factor: t('server.text.factor.name', { factor, who: who ?? 'both' }), weight, earned: points / 100, detail });
  };
  const memberAge = ageFromDateOfBirth(member.dateOfBirth, options.today);
  const candidateAge = ageFromDateOfBirth(candidate.dateOfBirth, options.today);
  const pair = (a: string | null | undefined, b: string | null | undefined, list: string) => `${word(list, a)} / ${word(list, b)}`;

  for (const [who, wishes, other, otherAge] of [
    ['yours', member, candidate, candidateAge],
    ['theirs', candidate, member, memberAge],
  ] as const) {
    const range = `${wishes.agePreferenceMin ?? 18}–${wishes.agePreferenceMax ?? 70}`;
    add('age', who, ageFit(otherAge, wishes.agePreferenceMin, wishes.agePreferenceMax), t('server.text.factor.agePreferred', { age: String(otherAge ?? '?'), range }));
    add('location', who, locationFit(other.country, wishes.locationPreference), t('server.text.factor.vsPreferred', { value: word('country', other.country), wish: anyOf(wishes.locationPreference) }));
    add('education', who, educationFit(other.education, wishes.educationPreference), t('server.text.factor.vsWish', { value: word('education', other.education), wish: wishes.educationPreference ?? t('server.text.factor.any') }));
    add('profession', who, professionFit(other.profession, wishes.professionPreference), t('server.text.factor.vsWish', { value: other.profession ?? '?', wish: wishes.professionPreference ?? t('server.text.factor.any') }));
    const heights = `${wishes.heightPreferenceMin ?? HEIGHT_MIN_CM}–${wishes.heightPreferenceMax ?? HEIGHT_MAX_CM}`;
    add('height', who, heightFit(other.height, wishes.heightPreferenceMin, wishes.heightPreferenceMax), t('server.text.factor.heightPreferred', { height: String(other.height ?? '?'), range: heights }));
    add('maritalStatus', who, listFit(other.maritalStatus, wishes.maritalStatusPreference), t('server.text.factor.vsPreferred', { value: word('marital', other.maritalStatus), wish: anyOf(wishes.maritalStatusPreference, 'marital') }));
    add('diet', who, listFit(other.diet, wishes.dietPreference), t('server.text.factor.vsPreferred', { value: word('diet', other.diet), wish: anyOf(wishes.dietPreference, 'diet') }));
    add('community', who, communityFit(other.community, wishes.communityPreference), t('server.text.factor.vsPreferred', { value: other.community ?? '?', wish: anyOf(wishes.communityPreference) }));
  }
  add('religion', null, sameValue(member.religion, candidate.religion), pair(member.religion, candidate.religion, 'religion'));
  add('motherTongue', null, sameValue(member.motherTongue, candidate.motherTongue), pair(member.motherTongue, candidate.motherTongue, 'language'));
  add('returnPlans', null, scaleFit(member.returnToIndiaPlans, candidate.returnToIndiaPlans, RETURN_SCALE), pair(member.returnToIndiaPlans, candidate.returnToIndiaPlans, 'returnPlan'));
  add('culturalIntegration', null, scaleFit(member.culturalIntegrationLevel, candidate.culturalIntegrationLevel, INTEGRATION_SCALE), pair(member.culturalIntegrationLevel, candidate.culturalIntegrationLevel, 'integration'));
  add('residence', null, member.country && candidate.country ? (member.country === candidate.country ? 1 : 0) : null, pair(member.country, candidate.country, 'country'));
  add('verified', null, candidate.isVerified ? 1 : 0, t(candidate.isVerified ? 'server.text.factor.isVerified' : 'server.text.factor.notVerified'));
  if (options.gunaScore !== undefined && options.gunaScore !== null) {
    add('kundali', null, kundaliFit(options.gunaScore), t('server.text.factor.gunas', { score: String(options.gunaScore) }));
  }
  return { percentage: percentageOf(earnedHundredths, available), earned: earnedHundredths / 100, available, factors };
}

/** Whether two members are offered to each other at all under their looking-for preferences. */
export function genderCompatible(member: Pick<MatchProfile, 'gender' | 'lookingFor'>, candidate: Pick<MatchProfile, 'gender' | 'lookingFor'>): boolean {
  if (member.lookingFor && candidate.gender !== member.lookingFor) return false;
  if (candidate.lookingFor && member.gender !== candidate.lookingFor) return false;
  return true;
}
