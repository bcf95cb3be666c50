import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrivacySettingsView } from '../../../../contracts/views';
import { api } from '../../../lib/api-client';

/** The member's privacy settings (the same query as the Settings screen's, so both show one value). */
const privacyPath = (userId: number) => `/api/users/${userId}/privacy-settings`;

export function privacySettingsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [privacyPath(userId)],
    queryFn: ({ signal }) => api.get<PrivacySettingsView>(privacyPath(userId), { signal }),
  });
}

/** Whether the member shares their moods (off unless they turned it on); undefined while loading. */
export function useShareMoods(userId: number | null): boolean | undefined {
  const settings = useQuery({ ...privacySettingsQueryOptions(userId ?? 0), enabled: userId !== null });
  return settings.data?.shareMoods;
}

/** PATCH only `shareMoods`: the switch changes that one setting and leaves the others as they are. */
export function useSetShareMoods(userId: number) {
  const queryClient = useQueryClient();
  const queryKey = [privacyPath(userId)];
  return useMutation({
    mutationFn: (shareMoods: boolean) => api.patch<{ message: string; settings: PrivacySettingsView }>(privacyPath(userId), { json: { shareMoods } }),
    onMutate: (shareMoods) => {
      void queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<PrivacySettingsView>(queryKey);
      if (before) queryClient.setQueryData<PrivacySettingsView>(queryKey, { ...before, shareMoods });
    },
    onSuccess: (answer) => queryClient.setQueryData<PrivacySettingsView>(queryKey, answer.settings),
    onError: () => void queryClient.invalidateQueries({ queryKey }),
  });
}
