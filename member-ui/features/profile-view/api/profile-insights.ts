import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { SessionUser } from '../../../../contracts/auth';
import type { AstroCardView } from '../../../../contracts/kundali';
import type { CulturalInsightView, MoodCompatibilityView, ProfileView } from '../../../../contracts/views';
import type { ProfileInsights } from '../../../components/profile/profile-insights';
import { api } from '../../../lib/api-client';
import { actingHeaders } from '../../../lib/helper-mode';

/** The profile's insight reads are cached for 10 minutes. */
export const INSIGHT_STALE_MS = 10 * 60_000;

export const insightKeys = {
  astro: (viewerId: number, profileId: number) => ['/api/compatibility', viewerId, profileId] as const,
  mood: (forUserId: number, userId: number) => ['/api/matches', forUserId, userId, 'mood-compatibility'] as const,
  cultural: (forUserId: number, userId: number) => ['/api/moods', forUserId, userId, 'cultural-insight'] as const,
  starters: (forUserId: number, userId: number) => ['/api/moods', forUserId, userId, 'conversation-starters'] as const,
};

/**
 * Whose insights these are: the signed-in member's own, or in helper mode the candidate's (the requests act for
 * their profile, so the server compares the profile with the candidate's, not the helper's). Null: none to show.
 */
export interface InsightsFor {
  userId: number;
  /** the candidate's profile id when a helper acts for them */
  actingProfileId: number | null;
  /** they have a profile of their own (astrology needs one to compare with) */
  hasProfile: boolean;
}

/** Whose insights a profile page shows: nobody's on one's own profile or the profile one helps with. */
export function insightsFor(viewer: SessionUser | null, profile: ProfileView, helping: { profileId: number; candidateUserId: number } | null, helpsWithThisProfile: boolean): InsightsFor | null {
  if (!viewer || viewer.id === profile.userId || helpsWithThisProfile) return null;
  if (helping) return helping.candidateUserId === profile.userId ? null : { userId: helping.candidateUserId, actingProfileId: helping.profileId, hasProfile: true };
  return { userId: viewer.id, actingProfileId: null, hasProfile: viewer.profileId != null };
}

/**
 * The insight cards of someone else's profile: astrological compatibility (needs a profile to compare with), mood
 * compatibility, cultural adaptation and conversation starters, for `who` (see InsightsFor). Failures stay quiet: a
 * card without data simply does not render.
 */
export function useProfileInsights(profile: ProfileView, who: InsightsFor | null): ProfileInsights {
  const other = who !== null;
  const forId = who?.userId ?? 0;
  const headers = actingHeaders(who?.actingProfileId);
  const common = { staleTime: INSIGHT_STALE_MS, retry: false, throwOnError: false } as const;

  const astro = useQuery({
    ...common,
    queryKey: insightKeys.astro(forId, profile.id),
    queryFn: ({ signal }) => api.get<AstroCardView>(`/api/compatibility/${forId}/${profile.id}`, { signal, headers }),
    enabled: other && who?.hasProfile === true,
  });
  const mood = useQuery({
    ...common,
    queryKey: insightKeys.mood(forId, profile.userId),
    queryFn: ({ signal }) => api.get<MoodCompatibilityView>(`/api/matches/${profile.userId}/mood-compatibility`, { signal, headers }),
    enabled: other,
  });
  const cultural = useQuery({
    ...common,
    queryKey: insightKeys.cultural(forId, profile.userId),
    queryFn: ({ signal }) => api.get<CulturalInsightView>(`/api/moods/${profile.userId}/cultural-insight`, { signal, headers }),
    enabled: other,
  });
  const starters = useQuery({
    ...common,
    queryKey: insightKeys.starters(forId, profile.userId),
    queryFn: ({ signal }) => api.get<{ starters: string[] }>(`/api/moods/${profile.userId}/conversation-starters`, { signal, headers }),
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
