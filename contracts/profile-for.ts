import type { Gender, ProfileType } from './enums';

/**
 * "This profile is for": the one table from registration's choice to the profile type and the relation (who the
 * candidate is to the account holder). Registration and the wizard both read it.
 */
export const PROFILE_FOR = {
  self: { label: 'Myself', profileType: 'self', gender: null },
  son: { label: 'My son', profileType: 'parent', gender: 'male' },
  daughter: { label: 'My daughter', profileType: 'parent', gender: 'female' },
  brother: { label: 'My brother', profileType: 'sibling', gender: 'male' },
  sister: { label: 'My sister', profileType: 'sibling', gender: 'female' },
  relative: { label: 'A relative', profileType: 'relative', gender: null },
  friend: { label: 'A friend', profileType: 'friend', gender: null },
} as const satisfies Record<string, { label: string; profileType: ProfileType; gender: Gender | null }>;

export type ProfileFor = keyof typeof PROFILE_FOR;

/** Asked of whoever makes a profile for someone else (registration, the wizard, the editor). */
export const CANDIDATE_NAME_REQUIRED = 'Enter the full name of the person this profile is for';
export const PROFILE_FOR_VALUES = Object.keys(PROFILE_FOR) as [ProfileFor, ...ProfileFor[]];

/**
 * Who the candidate is to the account holder, from the profile type and the candidate's gender (a parent's profile
 * of a woman is a daughter's); null where the gender does not say (a parent's profile of someone of another gender).
 */
export function relationOf(profileType: string | null | undefined, gender: string | null | undefined): ProfileFor | null {
  return PROFILE_FOR_VALUES.find((key) => PROFILE_FOR[key].profileType === profileType && (PROFILE_FOR[key].gender ?? gender) === gender) ?? null;
}
