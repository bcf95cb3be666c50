import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShareView } from '../../contracts/views';
import { api } from './api-client';

export const profileSharesPath = (profileId: number) => `/api/profiles/${profileId}/shares`;
export const profileSharesKey = (profileId: number) => [profileSharesPath(profileId)] as const;

export interface ActiveShare {
  id: number;
  /** The owner's own links carry their code, so each can be shown and copied again. */
  shareCode: string;
  expiresAt: string;
  accessCount: number;
}

/** GET /api/profiles/{id}/shares: the owner's active links, fetched only while the dialog is open. */
export function useActiveShares(profileId: number, open: boolean) {
  return useQuery(
    queryOptions({
      queryKey: profileSharesKey(profileId),
      queryFn: ({ signal }) => api.get<{ shares: ActiveShare[] }>(profileSharesPath(profileId), { signal }),
      enabled: open,
      select: (data) => data.shares,
      // The list changes while the dialog is closed (views, expiry): read it fresh at every opening.
      staleTime: 0,
    }),
  );
}

/** POST /api/profiles/{id}/share {expirationDays} → {shareCode, …}. */
export function useCreateShare(profileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expirationDays: number) => api.post<ShareView>(`/api/profiles/${profileId}/share`, { json: { expirationDays } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileSharesKey(profileId) }),
  });
}

/** DELETE /api/shares/{shareId}. */
export function useDeactivateShare(profileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: number) => api.delete<{ message: string }>(`/api/shares/${shareId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileSharesKey(profileId) }),
  });
}

/** The public address of a share link: this site's origin plus /shared/{shareCode}. */
export function shareUrl(shareCode: string, origin: string = window.location.origin): string {
  return `${origin}/shared/${encodeURIComponent(shareCode)}`;
}
