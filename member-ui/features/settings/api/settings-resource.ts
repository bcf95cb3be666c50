import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { api, isApiError } from '../../../lib/api-client';

/**
 * The member's own privacy or notification settings: every change sends the full settings
 * object, the screen shows it at once, and a failure refetches what the server holds.
 */
export interface SettingsResource {
  path: (userId: number) => string;
  keys: readonly string[];
  successText: string;
  failureText: string;
}

export const privacyResource: SettingsResource = {
  path: (userId) => `/api/users/${userId}/privacy-settings`,
  keys: ['profileVisibility', 'showOnlineStatus', 'showLastSeen', 'showPhoneNumber', 'showEmail', 'allowProfileScreenshots', 'blurPhotos', 'allowMessagesFrom', 'shareMoods'],
  successText: 'Privacy settings updated',
  failureText: 'Failed to update privacy settings',
};

export const notificationResource: SettingsResource = {
  path: (userId) => `/api/users/${userId}/notification-settings`,
  keys: ['newMatches', 'newMessages', 'profileViews', 'appUpdates', 'emailNotifications', 'pushNotifications', 'pushMessageText', 'savedSearchEmails', 'digestFrequency'],
  successText: 'Notification settings updated',
  failureText: 'Failed to update notification settings',
};

export function settingsQueryOptions<T extends object>(resource: SettingsResource, userId: number) {
  return queryOptions({
    queryKey: [resource.path(userId)],
    queryFn: ({ signal }) => api.get<T>(resource.path(userId), { signal }),
  });
}

export function useSettings<T extends object>(resource: SettingsResource, userId: number) {
  return useQuery(settingsQueryOptions<T>(resource, userId));
}

/** Only the setting fields: the server rejects anything else (updatedAt included). */
function settingsBody<T extends object>(resource: SettingsResource, settings: T): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of resource.keys) body[key] = (settings as Record<string, unknown>)[key];
  return body;
}

export function useUpdateSettings<T extends object>(resource: SettingsResource, userId: number) {
  const queryClient = useQueryClient();
  const queryKey = [resource.path(userId)];
  return useMutation({
    mutationFn: (next: T) =>
      api.patch<{ message: string; settings: T }>(resource.path(userId), { json: settingsBody(resource, next) }),
    onMutate: (next) => {
      // A read still in flight must not overwrite the optimistic value.
      void queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<T>(queryKey, next);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<T>(queryKey, answer.settings);
      toast({ title: resource.successText, variant: 'success' });
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: (isApiError(error) ? error.serverMessage : undefined) ?? resource.failureText,
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
