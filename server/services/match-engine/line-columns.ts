import { RASHIS } from '../../../contracts/enums';
import type { Dictionaries } from './dictionaries';
import { type MemberValues, visibilityCode } from './member-row';
import { PACKED } from './packed-row';

/**
 * What a line's columns (packed-row.ts) become in MemberValues: the column numbers the line reader names, how each
 * column read through its cache resolves (a dictionary id, a flag, a visibility code), and the fields those fill.
 * The same resolvers serve a line and a row read column by column.
 */

/** How a cached column's text becomes the number the index keeps (null: the column is NULL). */
export type Resolve = (text: string | null) => number;

/** Per PACKED column, how its value resolves, for the columns read through the cache (null for the others). */
export function resolvers(d: Dictionaries): Array<Resolve | null> {
  const of = (dict: { id(v: string | null): number }): Resolve => (text) => dict.id(text);
  const byColumn: Partial<Record<(typeof PACKED)[number], Resolve>> = {
    'p.gender': of(d.genders),
    'p.looking_for': of(d.genders),
    'p.country': of(d.countries),
    'p.education': of(d.educations),
    'p.profession': of(d.professions),
    'p.religion': of(d.religions),
    'p.mother_tongue': of(d.tongues),
    'p.marital_status': of(d.maritals),
    'p.diet': of(d.diets),
    'p.return_to_india_plans': of(d.returnPlans),
    'p.cultural_integration_level': of(d.integrations),
    'p.location_preference': (text) => d.locPrefId(text),
    'p.education_preference': of(d.eduPrefs),
    'p.profession_preference': of(d.profPrefs),
    'p.profile_type': of(d.profileTypes),
    'u.status': (text) => (text === 'active' ? 1 : 0),
    'u.role': (text) => (text === 'member' ? 1 : 0),
    'u.subscription_tier': (text) => (text === 'elite' ? 1 : 0),
    'ps.profile_visibility': (text) => visibilityCode(text),
    'p.city': of(d.cities),
    'p.community': of(d.communities),
    // 1-12 the entered rashi (RASHIS' order), 0 none.
    'p.rashi': (text) => RASHIS.indexOf(text as (typeof RASHIS)[number]) + 1,
    'p.marital_status_preference': (text) => d.listPrefId(text),
    'p.diet_preference': (text) => d.listPrefId(text),
    'p.community_preference': (text) => d.listPrefId(text),
  };
  return PACKED.map((c) => byColumn[c] ?? null);
}

/** Column numbers (PACKED's order) that the readers below name: constants, so that reading a row looks nothing up. */
const column = (name: (typeof PACKED)[number]) => PACKED.indexOf(name);
export const K_USER_ID = column('p.user_id');
export const K_AGE_PREFERENCE_MIN = column('p.age_preference_min');
export const K_AGE_PREFERENCE_MAX = column('p.age_preference_max');
export const K_IS_VERIFIED = column('u.is_verified');
export const K_IS_DELETED = column('u.is_deleted');
export const K_SUBSCRIPTION_ENDS = column('u.subscription_ends');
export const K_LAST_ACTIVE_AT = column('u.last_active_at');
const K_GENDER = column('p.gender');
const K_LOOKING_FOR = column('p.looking_for');
export const K_DATE_OF_BIRTH = column('p.date_of_birth');
const K_COUNTRY = column('p.country');
const K_EDUCATION = column('p.education');
const K_PROFESSION = column('p.profession');
const K_RELIGION = column('p.religion');
const K_MOTHER_TONGUE = column('p.mother_tongue');
const K_MARITAL_STATUS = column('p.marital_status');
const K_DIET = column('p.diet');
const K_RETURN_TO_INDIA_PLANS = column('p.return_to_india_plans');
const K_CULTURAL_INTEGRATION_LEVEL = column('p.cultural_integration_level');
const K_LOCATION_PREFERENCE = column('p.location_preference');
const K_EDUCATION_PREFERENCE = column('p.education_preference');
const K_PROFESSION_PREFERENCE = column('p.profession_preference');
const K_PROFILE_TYPE = column('p.profile_type');
const K_STATUS = column('u.status');
const K_ROLE = column('u.role');
const K_SUBSCRIPTION_TIER = column('u.subscription_tier');
const K_PROFILE_VISIBILITY = column('ps.profile_visibility');
export const K_SEARCH_TEXT = column('p.search_text');
const K_HEIGHT = column('p.height');
const K_CREATED_AT = column('p.created_at');
const K_HEIGHT_PREFERENCE_MIN = column('p.height_preference_min');
const K_HEIGHT_PREFERENCE_MAX = column('p.height_preference_max');
const K_CITY = column('p.city');
const K_COMMUNITY = column('p.community');
const K_RASHI = column('p.rashi');
const K_MARITAL_STATUS_PREFERENCE = column('p.marital_status_preference');
const K_DIET_PREFERENCE = column('p.diet_preference');
const K_COMMUNITY_PREFERENCE = column('p.community_preference');

/** The fields of `v` read as numbers (null: NULL), each column's number given by `num`. */
export function assignNumbers(v: MemberValues, num: (k: number) => number | null): void {
  v.height = num(K_HEIGHT);
  v.createdAt = num(K_CREATED_AT);
  v.heightMin = num(K_HEIGHT_PREFERENCE_MIN);
  v.heightMax = num(K_HEIGHT_PREFERENCE_MAX);
}

/** The fields of `v` that resolve through the cached columns, each column's value given by `value`. */
export function assignResolved(v: MemberValues, deleted: boolean, value: (k: number) => number): void {
  v.gender = value(K_GENDER);
  v.lookingFor = value(K_LOOKING_FOR);
  v.country = value(K_COUNTRY);
  v.education = value(K_EDUCATION);
  v.profession = value(K_PROFESSION);
  v.religion = value(K_RELIGION);
  v.tongue = value(K_MOTHER_TONGUE);
  v.marital = value(K_MARITAL_STATUS);
  v.diet = value(K_DIET);
  v.returnPlans = value(K_RETURN_TO_INDIA_PLANS);
  v.integration = value(K_CULTURAL_INTEGRATION_LEVEL);
  v.locPref = value(K_LOCATION_PREFERENCE);
  v.eduPref = value(K_EDUCATION_PREFERENCE);
  v.profPref = value(K_PROFESSION_PREFERENCE);
  v.profileType = value(K_PROFILE_TYPE);
  v.active = !deleted && value(K_STATUS) === 1;
  v.member = value(K_ROLE) === 1;
  v.elite = value(K_SUBSCRIPTION_TIER) === 1;
  v.visibility = value(K_PROFILE_VISIBILITY);
  v.city = value(K_CITY);
  v.community = value(K_COMMUNITY);
  v.rashi = value(K_RASHI);
  v.maritalPref = value(K_MARITAL_STATUS_PREFERENCE);
  v.dietPref = value(K_DIET_PREFERENCE);
  v.communityPref = value(K_COMMUNITY_PREFERENCE);
}

/** An empty row of values, every field present (one object shape for every row). */
export function blankValues(): MemberValues {
  return {
    profileId: 0, userId: 0, gender: 0, lookingFor: 0, dob: 0, country: 0, education: 0, profession: 0, religion: 0, tongue: 0, marital: 0,
    diet: 0, returnPlans: 0, integration: 0, locPref: 0, eduPref: 0, profPref: 0, profileType: 0, ageMin: null, ageMax: null,
    moonLongitude: null, verified: false, active: false, member: false, elite: false, visibility: 0, hasPhoto: false, subscriptionEnds: null,
    lastActiveAt: null, text: null, textBytes: null, textFrom: 0, textTo: 0, height: null, createdAt: null, heightMin: null, heightMax: null,
    city: 0, community: 0, rashi: 0, maritalPref: 0, dietPref: 0, communityPref: 0,
  };
}
