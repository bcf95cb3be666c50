import './zod-config';
import * as z from 'zod';

export const MOOD_TEXTS = {
  descriptionShort: 'Please provide a brief description of your mood.',
  selectMood: 'You need to select a mood before submitting',
  intensityPrompt: 'Intensity must be between 10 and 100 in steps of 5',
  intensityTracker: 'Intensity must be a whole number from 1 to 5',
  levels: 'Each level must be a whole number from 1 to 5',
} as const;

/** The mood prompt card: free description and an intensity 10–100 in steps of 5. */
export const moodPromptSchema = z.object({
  description: z.string({ error: MOOD_TEXTS.descriptionShort }).trim().min(5, MOOD_TEXTS.descriptionShort).max(500),
  intensity: z.coerce.number().int().min(10, MOOD_TEXTS.intensityPrompt).max(100, MOOD_TEXTS.intensityPrompt).refine((v) => v % 5 === 0, MOOD_TEXTS.intensityPrompt),
});

/** The mood tracker: a mood type, intensity 1–5, an optional note, private or not. */
export const moodTrackerSchema = z.object({
  moodTypeId: z.coerce.number({ error: MOOD_TEXTS.selectMood }).int().positive(MOOD_TEXTS.selectMood),
  intensity: z.coerce.number().int(MOOD_TEXTS.intensityTracker).min(1, MOOD_TEXTS.intensityTracker).max(5, MOOD_TEXTS.intensityTracker),
  note: z
    .string()
    .trim()
    .max(500)
    .transform((v) => (v === '' ? null : v))
    .nullish(),
  isPrivate: z.boolean().default(false),
});

const level = z.coerce.number({ error: MOOD_TEXTS.levels }).int(MOOD_TEXTS.levels).min(1, MOOD_TEXTS.levels).max(5, MOOD_TEXTS.levels);

export const culturalAssessmentSchema = z.object({
  homesicknessLevel: level,
  culturalIdentityStrength: level,
  localCultureComfortLevel: level,
  localFriendships: level,
  indianCommunityConnection: level,
  note: z
    .string()
    .trim()
    .max(500)
    .transform((v) => (v === '' ? null : v))
    .nullish(),
});

export const INTENSITY_LABELS = ['Very mild', 'Mild', 'Moderate', 'Strong', 'Very strong'] as const;
