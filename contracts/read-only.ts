import './zod-config';
import * as z from 'zod';

/**
 * A GET-then-PATCH resource: what the server returned may be sent back as it is. The read-only fields it returned
 * itself (ids, timestamps, derived values) are accepted and ignored; any other unknown key is still refused.
 */
export function ignoringReadOnly<T extends z.ZodType>(schema: T, readOnly: readonly string[]) {
  return z.preprocess((input) => {
    if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
    const copy: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const key of readOnly) delete copy[key];
    return copy;
  }, schema);
}

/** Returned by GET /api/users/{id}/privacy-settings and …/notification-settings beside the settings. */
export const SETTINGS_READ_ONLY_FIELDS = ['updatedAt', 'userId', 'id', 'emailBounce'] as const;

/** Returned by GET /api/profiles/{id} (and the own-profile reads) but not changed by PATCH. */
export const PROFILE_READ_ONLY_FIELDS = [
  'id', 'userId', 'user', 'username', 'isVerified', 'age', 'location', 'photos', 'photoDetails', 'photosBlurred',
  'kundaliDetails', 'languages', 'profileCompletionStage', 'basicInfoComplete', 'personalDetailsComplete',
  'astrologyInfoComplete', 'familyInfoComplete', 'preferencesComplete', 'matchPercentage', 'is_deleted', 'isDeleted',
  'createdAt', 'updatedAt', 'zodiacSignFromBirthDate', 'familyStatus', 'matchFactors',
  // who the profile is for, read from its type and the candidate's gender; where the signs shown come from
  'relation', 'astroSource',
] as const;
