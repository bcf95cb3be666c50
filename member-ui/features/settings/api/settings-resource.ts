import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { api, isApiError } from '../../../lib/api-client';
import { translate } from '../../../i18n/translate';
import type { MessageId } from '../../../i18n/catalogue';

/**
 * The member's own privacy or notification settings: every change sends the full settings
 * object, the screen shows it at once, and a failure refetches what the server holds.
 */
export interface SettingsResource {
  path: (userId: number) => string;
  keys: readonly string[];
  successText: MessageId;
  failureText: MessageId;
}

export const privacyResource: SettingsResource = {
  path: (userId) => `/api/users/${userId}/privacy-settings`,
  keys: ['profileVisibility', 'showOnlineStatus', 'showLastSeen', 'showPhoneNumber', 'showEmail', 'allowProfileScreenshots', 'blurPhotos', 'allowMessagesFrom', 'shareMoods'],
  successText: 'settings.privacySaved',
  failureText: 'settings.privacyFailed',
};

export const notificationResource: SettingsResource = {
  path: (userId) => `/api/users/${userId}/notification-settings`,
  keys: ['newMatches', 'newMessages', 'profileViews', 'appUpdates', 'emailNotifications', 'pushNotifications', 'pushMessageText', 'savedSearchEmails', 'digestFrequency'],
  successText: 'settings.notificationsSaved',
  failureText: 'settings.notificationsFailed',
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
      toast({ title: translate(resource.successText), variant: 'success' });
    },
    onError: (error) => {
      toast({
        title: translate('common.error'),
        description: (isApiError(error) ? error.serverMessage : undefined) ?? translate(resource.failureText),
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
