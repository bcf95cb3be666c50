import type { AssessmentSubmission } from '../api/mood-queries';

export type AssessmentLevelKey = Exclude<keyof AssessmentSubmission, 'note'>;

/** The five 1–5 questions of the cultural adaptation assessment, with what each level means. */
export const ASSESSMENT_QUESTIONS: ReadonlyArray<{ key: AssessmentLevelKey; label: string; levels: readonly [string, string, string, string, string] }> = [
  {
    key: 'homesicknessLevel',
    label: 'Homesickness',
    levels: ['Rarely homesick', 'Occasionally homesick', 'Sometimes homesick', 'Often homesick', 'Very homesick'],
  },
  {
    key: 'culturalIdentityStrength',
    label: 'Cultural identity strength',
    levels: ['Loosely tied to my roots', 'Somewhat tied to my roots', 'Balanced identity', 'Strong Indian identity', 'Very strong Indian identity'],
  },
  {
    key: 'localCultureComfortLevel',
    label: 'Local culture comfort',
    levels: ['Very uncomfortable', 'Somewhat uncomfortable', 'Getting comfortable', 'Comfortable', 'Completely at home'],
  },
  {
    key: 'localFriendships',
    label: 'Local friendships',
    levels: ['No local friends yet', 'A few acquaintances', 'Some local friends', 'A good circle of friends', 'Many close local friends'],
  },
  {
    key: 'indianCommunityConnection',
    label: 'Indian community connection',
    levels: ['Not connected', 'Slightly connected', 'Moderately connected', 'Well connected', 'Deeply involved'],
  },
];

export const DEFAULT_LEVEL = 3;
