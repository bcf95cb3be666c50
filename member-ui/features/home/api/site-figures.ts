import { queryOptions } from '@tanstack/react-query';
import type { SiteFiguresView } from '../../../../contracts/site-figures';
import { api } from '../../../lib/api-client';

/** GET /api/site-figures: the landing's counts, rounded down on the server; kept as long as the server keeps them. */
export function siteFiguresQueryOptions() {
  return queryOptions({
    queryKey: ['/api/site-figures'] as const,
    queryFn: ({ signal }) => api.get<SiteFiguresView>('/api/site-figures', { signal }),
    staleTime: 5 * 60_000,
  });
}
