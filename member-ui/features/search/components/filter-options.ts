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

/** The filter panel's choices, in each vocabulary's order, with the labels members read. */
const same = <T extends string>(values: readonly T[]): Choice<T>[] => values.map((value) => ({ value, label: value }));

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

export const RELIGION_CHOICES = same(RELIGIONS);
export const RASHI_CHOICES = same(RASHIS);
export const MOTHER_TONGUE_CHOICES = same(MOTHER_TONGUES);
export const EDUCATION_CHOICES = same(EDUCATION_LEVELS);
export const MARITAL_CHOICES = MARITAL_STATUSES.map((value) => ({ value, label: MARITAL_LABELS[value] }));
export const DIET_CHOICES = DIETS.map((value) => ({ value, label: DIET_LABELS[value] }));
export const RETURN_PLAN_CHOICES = RETURN_TO_INDIA_PLANS.map((value) => ({ value, label: RETURN_PLAN_LABELS[value] }));

export const PROFILE_TYPE_CHOICES: ReadonlyArray<Choice<ProfileTypeFilter>> = [
  { value: 'all', label: 'All' },
  { value: 'self', label: 'Self' },
  // "Family" is the value parent.
  { value: 'parent', label: 'Family' },
];

export const VERIFIED_CHOICES: ReadonlyArray<Choice<VerifiedFilter>> = [
  { value: 'all', label: 'All' },
  { value: 'verified', label: 'Verified' },
];

export const ACTIVE_CHOICES: ReadonlyArray<Choice<`${ActiveWithin}`>> = [
  { value: '0', label: 'Any' },
  { value: '1', label: 'Today' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
];
