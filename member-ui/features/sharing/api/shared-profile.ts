import { queryOptions } from '@tanstack/react-query';
import type { SharedProfileView } from '../../../../contracts/views';
import { api } from '../../../lib/api-client';

/**
 * GET /api/shares/{shareCode}: public, works signed in or not. Every call counts as a view, so
 * the page reads it once per visit: never refetched in the background.
 */
export function sharedProfileQueryOptions(shareCode: string) {
  return queryOptions({
    queryKey: ['/api/shares', shareCode] as const,
    queryFn: ({ signal }) => api.get<SharedProfileView>(`/api/shares/${encodeURIComponent(shareCode)}`, { signal }),
    gcTime: 0,
  });
}
