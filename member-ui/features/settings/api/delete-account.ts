import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/user/delete {password}: anonymises the account and ends the session. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => api.post<{ message: string }>('/api/user/delete', { json: { password } }),
  });
}
