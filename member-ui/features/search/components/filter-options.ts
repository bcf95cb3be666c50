import {
  DIETS,
  EDUCATION_LEVELS,
  MARITAL_STATUSES,
  MOTHER_TONGUES,
  RASHIS,
  RELIGIONS,
  RETURN_TO_INDIA_PLANS,
} from '../../../../contracts/enums';
import { RETURN_PLAN_LABELS } from '../../../components/profile/labels';
import type { ActiveWithin, ProfileTypeFilter, VerifiedFilter } from '../api/search';
import type { Choice } from './choice-group';
import { optionLabel } from '../../../i18n/option-label';
import { translate } from '../../../i18n/translate';

/**
 * The filter panel's choices, in each vocabulary's order, with the labels members read in the app's language
 * (optionLabel): functions, called when the panel renders.
 */
const same = <T extends string>(list: string, values: readonly T[]): Choice<T>[] => values.map((value) => ({ value, label: optionLabel(list, value) }));

const MARITAL_LABELS: Record<(typeof MARITAL_STATUSES)[number], string> = {
  never_married: 'Never married',
  divorced: 'Divorced',
  widowed: 'Widowed',
  awaiting_divorce: 'Awaiting divorce',
};

const DIET_LABELS: Record<(typeof DIETS)[number], string> = {
  vegetarian: 'Vegetarian',
  non_vegetarian: 'Non-vegetarian',
  eggetarian: 'Eggetarian',
  vegan: 'Vegan',
  jain: 'Jain',
};

export const RELIGION_CHOICES = () => same('religion', RELIGIONS);
export const RASHI_CHOICES = () => same('rashi', RASHIS);
export const MOTHER_TONGUE_CHOICES = () => same('language', MOTHER_TONGUES);
export const EDUCATION_CHOICES = () => same('education', EDUCATION_LEVELS);
export const MARITAL_CHOICES = () => MARITAL_STATUSES.map((value) => ({ value, label: optionLabel('marital', value, MARITAL_LABELS[value]) }));
export const DIET_CHOICES = () => DIETS.map((value) => ({ value, label: optionLabel('diet', value, DIET_LABELS[value]) }));
export const RETURN_PLAN_CHOICES = () => RETURN_TO_INDIA_PLANS.map((value) => ({ value, label: optionLabel('returnPlan', value, RETURN_PLAN_LABELS[value]) }));

export const PROFILE_TYPE_CHOICES = (): ReadonlyArray<Choice<ProfileTypeFilter>> => [
  { value: 'all', label: translate('filter.all') },
  { value: 'self', label: translate('profileType.self') },
  // "Family" is the value parent.
  { value: 'parent', label: translate('profileType.family') },
];

export const VERIFIED_CHOICES = (): ReadonlyArray<Choice<VerifiedFilter>> => [
  { value: 'all', label: translate('filter.all') },
  { value: 'verified', label: translate('profile.verified') },
];

export const ACTIVE_CHOICES = (): ReadonlyArray<Choice<`${ActiveWithin}`>> => [
  { value: '0', label: translate('filter.any') },
  { value: '1', label: translate('filter.today') },
  { value: '7', label: translate('filter.days', { count: 7 }) },
  { value: '30', label: translate('filter.days', { count: 30 }) },
];
