import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileCardView } from '../../../contracts/views';
import { api } from '../../lib/api-client';

export const NOT_INTERESTED_PATH = '/api/not-interested';

/** The lists a "not interested" mark changes: search, daily and featured matches, and the settings list. */
const AFFECTED = [['/api/search'], ['/api/matches/daily'], ['/api/matches/featured'], [NOT_INTERESTED_PATH]];

export function notInterestedQueryOptions() {
  return queryOptions({
    queryKey: [NOT_INTERESTED_PATH],
    queryFn: ({ signal }) => api.get<ProfileCardView[]>(NOT_INTERESTED_PATH, { signal }),
  });
}

/** Marks (or, with `undo`, unmarks) a profile "not interested"; the lists it changes are fetched again. */
export function useNotInterested() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, undo }: { profileId: number; undo?: boolean }) =>
      undo ? api.delete<unknown>(`${NOT_INTERESTED_PATH}/${profileId}`) : api.post<unknown>(NOT_INTERESTED_PATH, { json: { profileId } }),
    onSuccess: async () => {
      await Promise.all(AFFECTED.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
