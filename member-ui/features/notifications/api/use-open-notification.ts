import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useHelperMode } from '../../../lib/helper-mode';
import type { AppNotification } from './notifications-list';
import { notificationTarget } from './notification-target';

/**
 * Opens what a notification is about. A helper's copy about a candidate (`forProfile`) first switches helper mode to
 * that candidate, so the match, the profile or the chat it leads to opens for them, not for the helper.
 * Returns whether it led anywhere.
 */
export function useOpenNotification(): (notification: AppNotification) => boolean {
  const router = useRouter();
  const queryClient = useQueryClient();
  const mode = useHelperMode();
  return (notification) => {
    const target = notificationTarget(notification);
    if (!target) return false;
    const forProfileId = notification.forProfile?.profileId;
    if (forProfileId && mode.helping?.profileId !== forProfileId && mode.profiles.some((p) => p.profileId === forProfileId)) {
      mode.choose(forProfileId);
      void queryClient.invalidateQueries();
    }
    void router.navigate({ href: target });
    return true;
  };
}
