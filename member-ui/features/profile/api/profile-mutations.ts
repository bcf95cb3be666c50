import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompletionStage } from '../../../../contracts/profile';
import type { ProfileView, StageSaveView } from '../../../../contracts/views';
import { api } from '../../../lib/api-client';
import { actingHeaders } from '../../../lib/helper-mode';
import { profileKeys } from '../../../lib/profiles';
import { sessionQueryKey } from '../../../lib/session';

/** After any save: every profile read (own, by id, completion) and the session (profileId, photo) refresh. */
export function refreshProfileData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: profileKeys.all }),
    queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  ]);
}

/**
 * PATCH /api/profiles/{id}: any subset of the editable fields (the editor, the photo area); `actingFor` when a helper
 * saves the candidate's profile (the server checks their edit permission).
 */
export function useUpdateProfile(profileId: number, actingFor: number | null = null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Record<string, unknown>) => api.patch<ProfileView>(`/api/profiles/${profileId}`, { json: changes, headers: actingHeaders(actingFor) }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.ownByUser(profile.userId), profile);
      return refreshProfileData(queryClient);
    },
  });
}

/** POST /api/profiles/{profileId}/completion/{stage}: one stage's fields; answers the server's message. */
export function useSaveStage(profileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stage, fields }: { stage: CompletionStage; fields: Record<string, unknown> }) =>
      api.post<StageSaveView>(`/api/profiles/${profileId}/completion/${stage}`, { json: fields }),
    onSuccess: (result) => {
      queryClient.setQueryData(profileKeys.ownByUser(result.profile.userId), result.profile);
      queryClient.setQueryData(profileKeys.completion(result.profile.userId), result.completion);
      return refreshProfileData(queryClient);
    },
  });
}

/** DELETE /api/profiles/{id} (soft delete; the member may create a new profile any time). */
export function deleteProfile(profileId: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/api/profiles/${profileId}`);
}
