import type { MessageId } from '../../../i18n/catalogue';
import { translate } from '../../../i18n/translate';

/**
 * A completion stage's name and what it asks, in the app's language, by its number (the server's `name` and
 * `description` are English: the one table, contracts/profile.ts COMPLETION_STAGES, is what these translate).
 */
export const stageName = (stage: number): string => translate(`editor.stage${stage}` as MessageId);
export const stageDescription = (stage: number): string => translate(`editor.stage${stage}Text` as MessageId);
