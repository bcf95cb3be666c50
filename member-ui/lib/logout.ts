import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { api } from './api-client';
import { paths } from './paths';
import { sessionQueryKey } from './session';

/** POST /api/auth/logout: a failure reads "Logout failed". */
export async function postLogout(): Promise<void> {
  try {
    await api.post<{ message: string }>('/api/auth/logout');
  } catch {
    throw new Error('Logout failed');
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: postLogout,
    onSuccess: async () => {
      // Signed out first, so /login does not bounce a still-cached member back home.
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      await router.navigate({ to: paths.login });
    },
  });
}
