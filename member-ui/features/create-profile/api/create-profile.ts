import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileView } from '../../../../contracts/views';
import { api } from '../../../lib/api-client';
import { profileKeys } from '../../../lib/profiles';
import { sessionQueryKey } from '../../../lib/session';
import type { CreateProfilePayload } from '../components/wizard-values';

/** POST /api/profiles; on success the session (profileId) and every profile query are refreshed. */
export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CreateProfilePayload) => api.post<ProfileView>('/api/profiles', { json: payload }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]);
    },
  });
}
