import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';

export const SHOULD_PROMPT_PATH = '/api/moods/should-prompt';
export const MOOD_DESCRIPTION_MIN = 5;
export const MOOD_INTENSITY = { min: 10, max: 100, step: 5, initial: 50 } as const;

/**
 * GET /api/moods/should-prompt, cached 5 minutes. Until the mood endpoints are deployed the
 * server answers 404, which means "don't prompt".
 */
export function shouldPromptQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [SHOULD_PROMPT_PATH, userId] as const,
    queryFn: async ({ signal }) => {
      try {
        const answer = await api.get<{ shouldPrompt: boolean }>(SHOULD_PROMPT_PATH, { signal });
        return answer?.shouldPrompt === true;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return false;
        throw error;
      }
    },
    staleTime: 5 * 60 * 1000,
  });
}

export interface MoodPromptEntry {
  description: string;
  intensity: number;
}

/** POST /api/moods with the prompt's {description, intensity}. */
export function useRecordPromptMood(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: MoodPromptEntry) => api.post<unknown>('/api/moods', { json: entry }),
    onSuccess: () => {
      queryClient.setQueryData([SHOULD_PROMPT_PATH, userId], false);
      void queryClient.invalidateQueries({ queryKey: ['/api/moods'] });
    },
  });
}
