import './zod-config';
import * as z from 'zod';
import { validationText } from './i18n/validation';

const isoDate = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, validationText('v.story.dateFormat'));
/** Multipart forms send an empty field for a date left blank: that is "no date". */
const optionalDate = z.preprocess((v) => (v === '' ? null : v), isoDate.nullish());

/** What a member writes about the two of them; the same rules as the team's own stories. */
const storyText = {
  matchDate: isoDate,
  marriageDate: optionalDate,
  location: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(200).nullish()),
  testimonial: z.string().trim().min(20, 'Tell your story in at least 20 characters').max(2000, 'Keep your story under 2000 characters'),
};

/** POST /api/success-stories: a member tells the story of them and a member they matched with. */
export const memberStorySchema = z.object({
  partnerUserId: z.coerce.number({ error: validationText('v.story.partnerRequired') }).int().positive(validationText('v.story.partnerRequired')),
  ...storyText,
});

/** PATCH /api/success-stories/{id}: any of the text fields; what is absent stays as it was. */
export const memberStoryUpdateSchema = z
  .object(storyText)
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: validationText('v.story.changeSomething') });

export const storyAnswerSchema = z.object({ answer: z.enum(['accept', 'decline', 'withdraw'], { error: 'Answer accept, decline or withdraw' }) });

/** A member's own story, as the app shows it. */
export interface MemberStoryView {
  id: number;
  partner: { userId: number | null; fullName: string | null };
  submittedByYou: boolean;
  matchDate: string;
  marriageDate: string | null;
  location: string | null;
  testimonial: string;
  photos: Array<{ fileKey: string; url: string }>;
  yourConsent: 'pending' | 'accepted' | 'declined' | 'withdrawn' | null;
  partnerConsent: 'pending' | 'accepted' | 'declined' | 'withdrawn' | null;
  isPublished: boolean;
  updatedAt: string | null;
}

/** At most two photos per story (the public card shows one beside each name). */
export const STORY_MAX_PHOTOS = 2;
