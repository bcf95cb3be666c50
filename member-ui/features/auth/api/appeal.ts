import { useMutation, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { translate } from '../../../i18n/translate';

export interface AppealLink {
  fullName: string | null;
  suspended: boolean;
  /** banned permanently rather than suspended */
  banned?: boolean;
  expiresAt: string | null;
}

/** GET /api/appeals/{token}: whose appeal link this is; 404 unknown, 410 used or expired (with a message). */
export function useAppealLink(token: string) {
  return useQuery({
    queryKey: ['appeal', token],
    queryFn: ({ signal }) => api.get<AppealLink>(`/api/appeals/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });
}

export function useSendAppeal(token: string) {
  return useMutation({
    mutationFn: (message: string) => api.post<{ message: string }>(`/api/appeals/${encodeURIComponent(token)}`, { json: { message } }),
  });
}

export function appealErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? translate('appeal.failed');
  return translate('appeal.offline');
}
