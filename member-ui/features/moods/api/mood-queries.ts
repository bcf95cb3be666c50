import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CulturalAssessmentView, MoodRecordView, MoodTypeView } from '../../../../contracts/views';
import { api } from '../../../lib/api-client';

/** The tracker shows the last 30 records. */
export const MOOD_HISTORY_LIMIT = 30;

/** Query keys start with the API path; the mood reads share the '/api/moods' prefix so one invalidation refreshes them. */
export const moodKeys = {
  all: ['/api/moods'] as const,
  types: ['/api/moods', 'types'] as const,
  current: ['/api/moods', 'current'] as const,
  history: ['/api/moods', 'history', MOOD_HISTORY_LIMIT] as const,
  cultural: ['/api/moods', 'cultural-adaptation'] as const,
};

/** GET /api/moods/types: reference data, fetched once per session. */
export function moodTypesQueryOptions() {
  return queryOptions({
    queryKey: moodKeys.types,
    queryFn: ({ signal }) => api.get<MoodTypeView[]>('/api/moods/types', { signal }),
  });
}

/** GET /api/moods/current: the latest record, or null. Fresh on every visit (the mood prompt may have added one). */
export function currentMoodQueryOptions() {
  return queryOptions({
    queryKey: moodKeys.current,
    queryFn: ({ signal }) => api.get<MoodRecordView | null>('/api/moods/current', { signal }),
    staleTime: 0,
  });
}

/** GET /api/moods/history?limit=30 */
export function moodHistoryQueryOptions() {
  return queryOptions({
    queryKey: moodKeys.history,
    queryFn: ({ signal }) => api.get<MoodRecordView[]>(`/api/moods/history?limit=${MOOD_HISTORY_LIMIT}`, { signal }),
    staleTime: 0,
  });
}

/** GET /api/moods/cultural-adaptation: the last assessment, or `{message}` when there is none (read as null). */
export function culturalAssessmentQueryOptions() {
  return queryOptions({
    queryKey: moodKeys.cultural,
    queryFn: async ({ signal }) => {
      const body = await api.get<CulturalAssessmentView | { message: string }>('/api/moods/cultural-adaptation', { signal });
      return body && 'adaptationLevel' in body ? body : null;
    },
    staleTime: 0,
  });
}

export interface MoodSubmission {
  moodTypeId: number;
  intensity: number;
  note?: string;
  isPrivate: boolean;
}

/** POST /api/moods (tracker shape); on success the current mood and the history are fetched again. */
export function useRecordMood() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submission: MoodSubmission) => api.post<MoodRecordView>('/api/moods', { json: submission }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moodKeys.current }),
        queryClient.invalidateQueries({ queryKey: moodKeys.history }),
      ]),
  });
}

export interface AssessmentSubmission {
  homesicknessLevel: number;
  culturalIdentityStrength: number;
  localCultureComfortLevel: number;
  localFriendships: number;
  indianCommunityConnection: number;
  note?: string;
}

/** POST /api/moods/cultural-adaptation; the summary is refreshed afterwards. */
export function useRecordAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submission: AssessmentSubmission) =>
      api.post<CulturalAssessmentView>('/api/moods/cultural-adaptation', { json: submission }),
    onSuccess: (saved) => {
      queryClient.setQueryData(moodKeys.cultural, saved);
    },
  });
}
