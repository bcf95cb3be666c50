import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type OpsSession, opsSessionQueryKey } from '../features/auth/api/ops-session';
import { isApiError } from '../lib/api-client';

/**
 * When any request answers 401 while the console believes it is signed in, the session has ended on the
 * server (expired, or signed out in another tab): show the sign-in form instead of a page of failures.
 */
export function useSessionExpiry(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const expireOn = (error: unknown) => {
      if (!isApiError(error) || error.status !== 401) return;
      if (queryClient.getQueryData<OpsSession>(opsSessionQueryKey)?.status !== 'signed-in') return;
      const signedOut: OpsSession = { status: 'signed-out' };
      queryClient.setQueryData(opsSessionQueryKey, signedOut);
    };
    const stopWatchingQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') expireOn(event.action.error);
    });
    const stopWatchingMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') expireOn(event.action.error);
    });
    return () => {
      stopWatchingQueries();
      stopWatchingMutations();
    };
  }, [queryClient]);
}
