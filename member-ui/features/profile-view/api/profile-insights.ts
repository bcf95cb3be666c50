import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { SessionUser } from '../../../../contracts/auth';
import type { AstroCardView } from '../../../../contracts/kundali';
import type { CulturalInsightView, MoodCompatibilityView, ProfileView } from '../../../../contracts/views';
import type { ProfileInsights } from '../../../components/profile/profile-insights';
import { api } from '../../../lib/api-client';

/** The profile's insight reads are cached for 10 minutes. */
export const INSIGHT_STALE_MS = 10 * 60_000;

export const insightKeys = {
  astro: (viewerId: number, profileId: number) => ['/api/compatibility', viewerId, profileId] as const,
  mood: (userId: number) => ['/api/matches', userId, 'mood-compatibility'] as const,
  cultural: (userId: number) => ['/api/moods', userId, 'cultural-insight'] as const,
  starters: (userId: number) => ['/api/moods', userId, 'conversation-starters'] as const,
};

/**
 * The insight cards of someone else's profile: astrological compatibility (needs the viewer's own profile),
 * mood compatibility, cultural adaptation and conversation starters. Failures stay quiet: a card without data
 * simply does not render.
 */
export function useProfileInsights(profile: ProfileView, viewer: SessionUser | null): ProfileInsights {
  const other = viewer !== null && viewer.id !== profile.userId;
  const common = { staleTime: INSIGHT_STALE_MS, retry: false, throwOnError: false } as const;

  const astro = useQuery({
    ...common,
    queryKey: insightKeys.astro(viewer?.id ?? 0, profile.id),
    queryFn: ({ signal }) => api.get<AstroCardView>(`/api/compatibility/${viewer?.id}/${profile.id}`, { signal }),
    enabled: other && viewer?.profileId != null,
  });
  const mood = useQuery({
    ...common,
    queryKey: insightKeys.mood(profile.userId),
    queryFn: ({ signal }) => api.get<MoodCompatibilityView>(`/api/matches/${profile.userId}/mood-compatibility`, { signal }),
    enabled: other,
  });
  const cultural = useQuery({
    ...common,
    queryKey: insightKeys.cultural(profile.userId),
    queryFn: ({ signal }) => api.get<CulturalInsightView>(`/api/moods/${profile.userId}/cultural-insight`, { signal }),
    enabled: other,
  });
  const starters = useQuery({
    ...common,
    queryKey: insightKeys.starters(profile.userId),
    queryFn: ({ signal }) => api.get<{ starters: string[] }>(`/api/moods/${profile.userId}/conversation-starters`, { signal }),
    enabled: other,
  });

  const astroData = astro.data;
  const moodData = mood.data;
  const culturalData = cultural.data;
  const startersData = starters.data;
  // One object per set of answers, so a re-render with the same answers is recognisably the same (useDeferredValue).
  return useMemo(
    () => ({
      compatibility: astroData ? { ...astroData, detailUserId: profile.userId } : null,
      moodCompatibility: moodData && typeof moodData.score === 'number' ? { score: moodData.score, details: moodData.details ?? [] } : null,
      culturalInsight:
        culturalData && typeof culturalData.adaptationLevel === 'number'
          ? { adaptationLevel: culturalData.adaptationLevel, description: culturalData.description }
          : null,
      conversationStarters: startersData?.starters ?? null,
    }),
    [astroData, moodData, culturalData, startersData, profile.userId],
  );
}
