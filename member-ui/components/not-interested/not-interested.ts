import { type InfiniteData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileCardView } from '../../../contracts/views';
import { api } from '../../lib/api-client';

export const NOT_INTERESTED_PATH = '/api/not-interested';

/** The lists a "not interested" mark changes: search, daily and featured matches, and the settings list. */
const AFFECTED = ['/api/search', '/api/matches/daily', '/api/matches/featured', NOT_INTERESTED_PATH];
const firstOf = (key: readonly unknown[]) => (typeof key[0] === 'string' ? key[0] : '');

export function notInterestedQueryOptions() {
  return queryOptions({
    queryKey: [NOT_INTERESTED_PATH],
    queryFn: ({ signal }) => api.get<ProfileCardView[]>(NOT_INTERESTED_PATH, { signal }),
  });
}

interface SearchPageShape {
  results: ProfileCardView[];
  total: number | null;
}

/**
 * Takes a marked profile out of every list already on screen, so it leaves at once (the refetch that follows
 * confirms it). Search pages are kept, cursors and all; the total, held by the first page, is one less.
 */
function removeFromLists(queryClient: QueryClient, profileId: number) {
  queryClient.setQueriesData<InfiniteData<SearchPageShape>>({ queryKey: ['/api/search'] }, (data) => {
    if (!data?.pages.some((page) => page.results.some((card) => card.id === profileId))) return data;
    return {
      ...data,
      pages: data.pages.map((page, index) => ({
        ...page,
        results: page.results.filter((card) => card.id !== profileId),
        total: index === 0 && page.total !== null ? Math.max(0, page.total - 1) : page.total,
      })),
    };
  });
  queryClient.setQueriesData<ProfileCardView[]>(
    { predicate: (query) => firstOf(query.queryKey).startsWith('/api/matches/') },
    (list) => (Array.isArray(list) ? list.filter((card) => card.id !== profileId) : list),
  );
}

/** Marks (or, with `undo`, unmarks) a profile "not interested". */
export async function setNotInterested(queryClient: QueryClient, profileId: number, undo = false): Promise<void> {
  if (undo) await api.delete<unknown>(`${NOT_INTERESTED_PATH}/${profileId}`);
  else {
    await api.post<unknown>(NOT_INTERESTED_PATH, { json: { profileId } });
    removeFromLists(queryClient, profileId);
  }
  // Search results are left as they are after a mark (the card is already gone, and refetching every page
  // would move the member's place in a long list); everything is fetched again after an undo.
  await queryClient.invalidateQueries({
    predicate: (query) => AFFECTED.some((path) => firstOf(query.queryKey) === path && (undo || path !== '/api/search')),
  });
}

export function useNotInterested() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, undo }: { profileId: number; undo?: boolean }) => setNotInterested(queryClient, profileId, undo),
  });
}
