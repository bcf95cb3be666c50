import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { REPORT_REASONS } from '../../../../contracts/enums';
import { api } from '../../../lib/api-client';

const BLOCK_AFFECTED = ['/api/profiles', '/api/profile-likes', '/api/matches', '/api/search', '/api/messages', '/api/conversations'];

export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * POST /api/blocks {userId}: the two members disappear from each other. Cached profiles, likes,
 * matches and conversations may still include the blocked member, so they are refreshed — after the caller has
 * left the blocked profile (refreshing it first would replace the screen, and its callbacks, with "not found").
 */
export function useBlockMember() {
  const queryClient = useQueryClient();
  const refreshAfterBlock = () =>
    // Marked stale, not refetched now: the screens that show them fetch afresh when they mount next.
    queryClient.invalidateQueries({
      refetchType: 'none',
      predicate: (query) => typeof query.queryKey[0] === 'string' && BLOCK_AFFECTED.some((prefix) => (query.queryKey[0] as string).startsWith(prefix)),
    });
  const mutation = useMutation({
    mutationFn: (userId: number) => api.post<{ message: string }>('/api/blocks', { json: { userId } }),
  });
  return { ...mutation, refreshAfterBlock };
}

export interface ReportInput {
  reportedUserId: number;
  reportedProfileId: number;
  reason: ReportReason;
  details?: string;
}

/** POST /api/reports: goes to the reviewers' queue in the ops console. */
export function useReportMember() {
  return useMutation({
    mutationFn: (input: ReportInput) => api.post<{ id: number; message: string }>('/api/reports', { json: input }),
  });
}
