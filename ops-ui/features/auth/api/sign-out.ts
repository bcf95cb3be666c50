import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { type OpsSession, opsSessionQueryKey } from './ops-session';

/** Staff sign out through the console's own route, which records the sign-out; a member (refused here) through the app's. */
export function signOut(who: 'staff' | 'member'): Promise<unknown> {
  return api.post<unknown>(who === 'staff' ? apiPaths.opsSignOut : apiPaths.logout);
}

const sessionHash = hashKey(opsSessionQueryKey);

export function useSignOut(who: 'staff' | 'member' = 'staff') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signOut(who),
    onSuccess: () => {
      // Nothing fetched under the old session may be shown to whoever signs in next.
      queryClient.setQueryData<OpsSession>(opsSessionQueryKey, { status: 'signed-out' });
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== sessionHash });
    },
  });
}
