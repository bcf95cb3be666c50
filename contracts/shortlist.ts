import './zod-config';
import * as z from 'zod';
import { SHORTLIST_NOTE_MAX } from './enums';
import type { ProfileCardView } from './views';
import { validationText } from './i18n/validation';

export { SHORTLIST_NOTE_MAX };

/** POST /api/shortlist/{profileId}: save a profile to the candidate profile's shortlist, with an optional note. */
export const shortlistSaveSchema = z.object({
  savedProfileId: z.coerce.number({ error: 'savedProfileId is required' }).int().positive('savedProfileId is required'),
  note: z.string({ error: 'The note is text' }).trim().max(SHORTLIST_NOTE_MAX, validationText('v.common.noteMax', { max: SHORTLIST_NOTE_MAX })).optional(),
});
export type ShortlistSaveInput = z.infer<typeof shortlistSaveSchema>;

/**
 * One entry of a profile's shortlist: the list the candidate and their family helpers share (DECISIONS: one shortlist
 * per candidate profile), each entry saying who saved it.
 */
export interface ShortlistEntryView {
  id: number;
  status: 'open' | 'liked' | 'dismissed' | 'discussing';
  note: string | null;
  savedBy: { userId: number | null; name: string; relation: string | null; isYou: boolean };
  createdAt: string;
  profile: ProfileCardView;
}
