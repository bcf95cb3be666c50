import { COMPLETION_STAGES, type CompletionStage, stageSchemas } from '../../contracts/profile';
import type { Profile } from '../models/profile';
import { lookupPlace } from './kundali/astro';

type StageKey = (typeof COMPLETION_STAGES)[number]['key'];

type BirthFields = Pick<Partial<Profile>, 'dateOfBirth' | 'birthHour' | 'birthMinute' | 'birthAmPm' | 'birthPlace'>;

/** A birth time was given: the chart is then computed from date, time and place, and the place has to be found. */
export function hasBirthTime(profile: BirthFields): boolean {
  return profile.birthHour != null && profile.birthMinute != null && !!profile.birthAmPm;
}

/** Whether the chart is computed from the birth details (date, time, and a place the gazetteer knows). */
export function chartFromBirthDetails(profile: BirthFields): boolean {
  return hasBirthTime(profile) && !!profile.dateOfBirth && lookupPlace(profile.birthPlace) !== null;
}

/**
 * Which of the five stages a profile's current values satisfy, checked with the stage schemas themselves; stage 3
 * with a birth time also needs the chart computed from it (without one, the entered sign completes it).
 */
export function completionFlags(profile: Partial<Profile>): Record<StageKey, boolean> {
  const flags = {} as Record<StageKey, boolean>;
  for (const stage of COMPLETION_STAGES) {
    const schema = stageSchemas[stage.stage as CompletionStage];
    flags[stage.key] = schema.safeParse(stripNulls(profile)).success;
  }
  if (flags.astrologyInfoComplete && hasBirthTime(profile)) flags.astrologyInfoComplete = chartFromBirthDetails(profile);
  return flags;
}

function stripNulls(profile: Partial<Profile>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(profile)) if (v !== null) out[k] = v;
  return out;
}

/** The first stage not complete (1–5), or 5 when all are. */
export function nextStageNumber(flags: Record<StageKey, boolean>): number {
  const next = COMPLETION_STAGES.find((s) => !flags[s.key]);
  return next ? next.stage : 5;
}

export function completionStatus(profile: Profile) {
  const flags = {
    basicInfoComplete: profile.basicInfoComplete,
    personalDetailsComplete: profile.personalDetailsComplete,
    astrologyInfoComplete: profile.astrologyInfoComplete,
    familyInfoComplete: profile.familyInfoComplete,
    preferencesComplete: profile.preferencesComplete,
  };
  const done = COMPLETION_STAGES.filter((s) => flags[s.key]).length;
  const next = COMPLETION_STAGES.find((s) => !flags[s.key]) ?? null;
  return {
    profileId: profile.id,
    completionPercentage: Math.round((done / COMPLETION_STAGES.length) * 100),
    isComplete: next === null,
    currentStage: next ? next.stage : null,
    nextStage: next
      ? {
          stage: next.stage,
          name: next.name,
          fields: next.fields.filter((f) => !f.startsWith('parent') || profile.profileType === 'parent'),
          description: next.description,
        }
      : null,
    stages: COMPLETION_STAGES.map((s) => ({ stage: s.stage, name: s.name, complete: flags[s.key] })),
  };
}

const stripAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** Lower-cased, accent-free text for case- and accent-insensitive search. */
export function searchTextOf(fullName: string, profile: Partial<Profile>): string {
  return stripAccents([fullName, profile.city, profile.country, profile.profession, profile.education, profile.educationDetails].filter(Boolean).join(' '))
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Fields derived from others: location "city, country", search text, birth year, completion flags. */
export function derivedFields(fullName: string, profile: Partial<Profile>) {
  const flags = completionFlags(profile);
  return {
    location: profile.city && profile.country ? `${profile.city}, ${profile.country}` : (profile.country ?? null),
    searchText: searchTextOf(fullName, profile),
    birthYear: profile.dateOfBirth ? Number(profile.dateOfBirth.slice(0, 4)) : null,
    ...flags,
    profileCompletionStage: nextStageNumber(flags),
  };
}
