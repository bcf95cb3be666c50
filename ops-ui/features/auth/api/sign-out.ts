import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { type OpsSession, opsSessionQueryKey } from './ops-session';

export function signOut(): Promise<unknown> {
  return api.post<unknown>(apiPaths.logout);
}

const sessionHash = hashKey(opsSessionQueryKey);

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      // Nothing fetched under the old session may be shown to whoever signs in next.
      queryClient.setQueryData<OpsSession>(opsSessionQueryKey, { status: 'signed-out' });
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== sessionHash });
    },
  });
}
