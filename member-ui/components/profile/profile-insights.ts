import type { MoodCompatibilityView } from '../../../contracts/views';
import { translate } from '../../i18n/translate';
/**
 * Data for the insight cards of a profile: GET /api/compatibility/{userId}/{profileId}, mood compatibility,
 * cultural insight and conversation starters (fetched by features/profile-view). A card without data renders
 * nothing, so no number is ever invented.
 */
export interface CompatibilityScores {
  overall: number;
  temperament: number;
  communication: number;
  emotional: number;
  values: number;
  sign1?: string | null;
  sign2?: string | null;
  /** What each aspect adds up (kootas, points of the points available), to explain low and zero bars. */
  basis?: Partial<Record<'temperament' | 'communication' | 'emotional' | 'values', { kootas: string[]; points: number; max: number }>>;
  /** The other member's user id: the "View detailed Kundali match" link preselects them on /compatibility. */
  detailUserId?: number;
}

export interface MoodCompatibility {
  score: number;
  details: MoodCompatibilityView['details'];
}

export interface CulturalInsight {
  adaptationLevel: number;
  description: string;
}

export interface ProfileInsights {
  compatibility?: CompatibilityScores | null;
  moodCompatibility?: MoodCompatibility | null;
  culturalInsight?: CulturalInsight | null;
  conversationStarters?: string[] | null;
}

/** Mood score 90+ Excellent, 70+ Good, 50+ Average, 30+ Fair, below Low. */
export function moodBand(score: number): string {
  if (score >= 90) return translate('band.excellent');
  if (score >= 70) return translate('band.good');
  if (score >= 50) return translate('band.average');
  if (score >= 30) return translate('band.fair');
  return translate('band.low');
}

/** Adaptation 80+ Fully Adapted, 60+ Comfortable, 40+ Adjusting, 20+ Learning, below Exploring. */
export function adaptationBand(level: number): string {
  if (level >= 80) return translate('band.fullyAdapted');
  if (level >= 60) return translate('band.comfortable');
  if (level >= 40) return translate('band.adjusting');
  if (level >= 20) return translate('band.learning');
  return translate('band.exploring');
}

export const MAX_CONVERSATION_STARTERS = 3;
export const STARTER_COPIED_MS = 3000;
