import { queryOptions } from '@tanstack/react-query';
import type { KundaliAiResult, KundaliBasicResult, ProfileSummaryView } from '../../../../contracts/kundali';
import { toast } from '../../../components/ui/toast';
import { api, isApiError } from '../../../lib/api-client';
import { actingHeaders } from '../../../lib/helper-mode';
import { translate } from '../../../i18n/translate';

export const kundaliKeys = {
  profiles: ['/api/profiles/search'] as const,
  basic: (me: number, them: number) => ['/api/kundali-compatibility', me, them] as const,
  ai: (me: number, them: number) => ['/api/ai-kundali-compatibility', me, them] as const,
};

// Each read takes `acting`: the candidate's profile id when a helper reads the page for them (the server then answers
// for the candidate's chart), null for the member's own.

/**
 * GET /api/profiles/search: the dropdown's profiles (404 is an empty list; any other failure
 * shows "Failed to fetch profiles" and the list falls back to empty). The member's own profile is left out.
 */
export function profileSummariesQueryOptions(viewerId: number, search = '', acting: number | null = null) {
  const q = search.trim();
  return queryOptions({
    queryKey: [...kundaliKeys.profiles, viewerId, q] as const,
    queryFn: async ({ signal }): Promise<ProfileSummaryView[]> => {
      try {
        const rows = await api.get<ProfileSummaryView[]>('/api/profiles/search', { signal, searchParams: q ? { q } : undefined, headers: actingHeaders(acting) });
        return (rows ?? []).filter((row) => row.userId !== viewerId && !row.is_deleted);
      } catch (error) {
        if (isApiError(error) && error.status === 404) return [];
        if (signal.aborted) throw error;
        const detail = isApiError(error) ? error.serverMessage : undefined;
        toast({ title: translate('kundali.profilesFailed'), description: detail ?? (error instanceof Error ? error.message : undefined), variant: 'destructive' });
        return [];
      }
    },
    staleTime: 60_000,
  });
}

/** GET /api/kundali-compatibility/{me}/{them}: the basic Ashtakoot result. */
export function basicKundaliQueryOptions(me: number, them: number, acting: number | null = null) {
  return queryOptions({
    queryKey: kundaliKeys.basic(me, them),
    queryFn: ({ signal }) => api.get<KundaliBasicResult>(`/api/kundali-compatibility/${me}/${them}`, { signal, headers: actingHeaders(acting) }),
  });
}

/** GET /api/ai-kundali-compatibility/{me}/{them}: premium and elite only, never retried. */
export function aiKundaliQueryOptions(me: number, them: number, acting: number | null = null) {
  return queryOptions({
    queryKey: kundaliKeys.ai(me, them),
    queryFn: ({ signal }) => api.get<KundaliAiResult>(`/api/ai-kundali-compatibility/${me}/${them}`, { signal, headers: actingHeaders(acting) }),
    retry: false,
  });
}
