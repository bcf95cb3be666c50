import type { MessageId } from '../../../i18n/catalogue';
import { translate } from '../../../i18n/translate';
import type { AssessmentSubmission } from '../api/mood-queries';

export type AssessmentLevelKey = Exclude<keyof AssessmentSubmission, 'note'>;

/**
 * The five 1–5 questions of the cultural adaptation assessment. Each label is `moods.assessment.<key>`, and what
 * level n means `moods.assessment.<key>.<n>`, in the catalogues.
 */
export const ASSESSMENT_QUESTIONS: ReadonlyArray<{ key: AssessmentLevelKey }> = [
  { key: 'homesicknessLevel' },
  { key: 'culturalIdentityStrength' },
  { key: 'localCultureComfortLevel' },
  { key: 'localFriendships' },
  { key: 'indianCommunityConnection' },
];

export const questionLabel = (key: AssessmentLevelKey) => translate(`moods.assessment.${key}` as MessageId);
export const levelText = (key: AssessmentLevelKey, level: number) => translate(`moods.assessment.${key}.${level}` as MessageId);

export const DEFAULT_LEVEL = 3;
