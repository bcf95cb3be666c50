import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { sessionQueryKey } from '../../lib/session';
import { translate } from '../../i18n/translate';

/**
 * Keeps one server-sent-event stream open while a member is signed in (lib/live-events.ts). The client is
 * loaded on demand so it does not weigh on the first screen.
 */
export function LiveUpdates({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  useEffect(() => {
    let cancelled = false;
    let disconnect: (() => void) | undefined;
    void import('../../lib/live-events')
      .then(({ connectLiveEvents }) => {
        if (cancelled) return;
        disconnect = connectLiveEvents(queryClient, userId, {
          onSignedOut: () => {
            queryClient.setQueryData(sessionQueryKey, null);
            queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
            void router.navigate({
              to: '/login',
              search: { error: translate('session.ended') },
              replace: true,
            });
          },
        });
      })
      .catch(() => {
        // Without the stream the 30-second polls still refresh the badges.
      });
    return () => {
      cancelled = true;
      disconnect?.();
    };
  }, [queryClient, router, userId]);
  return null;
}
