import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { api } from '../../../lib/api-client';
import { apiPaths, withQuery } from '../../../lib/paths';

export const SHARE_STATES = ['active', 'expired', 'deactivated'] as const;
export type ShareState = (typeof SHARE_STATES)[number];
export type ShareSort = 'views' | 'created' | 'expires' | 'owner';

const shareLinkSchema = z.object({
  id: z.number(),
  /** The first characters of the link's code: enough to match a link someone pasted, never enough to open it. */
  codePrefix: z.string(),
  profileId: z.number(),
  owner: z.object({ id: z.number(), fullName: z.string(), username: z.string() }),
  createdAt: z.string(),
  expiresAt: z.string(),
  accessCount: z.number(),
  state: z.enum(SHARE_STATES),
  /** Why a reviewer deactivated it (its owner was told). */
  deactivationReason: z.string().nullish(),
  recordedViews: z.number(),
  /** The latest views, newest first. */
  recentViews: z.array(z.string()),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

const sharePageSchema = z.object({ items: z.array(shareLinkSchema), total: z.number() });

export interface ShareFilters {
  state?: ShareState;
  /** A pasted /shared/… link, a link id, the start of a code, or part of the owner's name. */
  q?: string;
  sort: ShareSort;
  dir: 'asc' | 'desc';
}

export interface ShareQuery extends ShareFilters {
  page: number;
  pageSize: number;
}

export const sharesKey = ['ops', 'shares'] as const;

/** The CSV holds every row matching the filters, in the same order; no paging. */
export function sharesCsvUrl(filters: ShareFilters): string {
  return withQuery(apiPaths.sharesCsv, { state: filters.state, q: filters.q, sort: filters.sort, dir: filters.dir });
}

export function useShares(query: ShareQuery) {
  return useQuery({
    queryKey: [...sharesKey, query],
    queryFn: async ({ signal }) => {
      const url = withQuery(apiPaths.shares, {
        state: query.state,
        q: query.q,
        sort: query.sort,
        dir: query.dir,
        page: query.page,
        pageSize: query.pageSize,
      });
      return sharePageSchema.parse(await api.get<unknown>(url, { signal }));
    },
    placeholderData: keepPreviousData,
  });
}

export function useDeactivateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api.post<unknown>(apiPaths.shareDeactivate(id), { json: { reason } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharesKey }),
        queryClient.invalidateQueries({ queryKey: ['ops', 'dashboard'] }),
      ]),
  });
}
