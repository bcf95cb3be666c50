import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CallEvent } from '../../contracts/calls';
import type { MessageView, NotificationView } from '../../contracts/views';
import { fetchSession, sessionQueryKey } from './session';

/**
 * Server-sent events of the signed-in member (GET /api/events): new messages, read receipts,
 * notifications and subscription changes reach the open chat, the conversation list and the bell without a reload. One stream per
 * tab. The 30-second count polls stay as the fallback; EventSource reconnects by itself (the server asks
 * for a 5 s retry).
 */

export const EVENTS_PATH = '/api/events';

export interface LiveMessage extends MessageView {
  senderName: string;
}

export interface LiveRead {
  readerId: number;
  messageIds: number[];
}

/** The member's subscription changed (renewed, payment failed, paid again, plan changed or ended). */
export interface LiveSubscription {
  subscriptionTier: string;
  subscriptionEnds: string | null;
  status: 'incomplete' | 'active' | 'past_due' | 'canceled' | null;
  tier: 'premium' | 'elite' | null;
}

export interface LiveEventMap {
  ready: { userId: number };
  message: LiveMessage;
  read: LiveRead;
  notification: NotificationView;
  subscription: LiveSubscription;
  /** a call rings, changes or ends, and the WebRTC signals of a call the member is in */
  call: CallEvent;
}

export type LiveEventKind = keyof LiveEventMap;

type Listener<K extends LiveEventKind> = (payload: LiveEventMap[K]) => void;

const listeners: { [K in LiveEventKind]: Set<Listener<K>> } = {
  ready: new Set(),
  message: new Set(),
  read: new Set(),
  notification: new Set(),
  subscription: new Set(),
  call: new Set(),
};

/** Query keys the events refresh; they are the API paths (see lib/query-client.ts). */
export const liveQueryKeys = {
  conversations: (userId: number) => [`/api/messages/${userId}`] as const,
  unreadMessages: (userId: number) => [`/api/messages/${userId}/unread-count`] as const,
  notifications: (userId: number) => [`/api/notifications/${userId}`] as const,
  notificationCount: (userId: number) => [`/api/notifications/${userId}/count`] as const,
  /** every query under the member's subscription path (Settings → Plan's billing view among them) */
  subscription: (userId: number) => [`/api/subscriptions/${userId}`] as const,
};

/** Subscribe to one kind of event; returns the unsubscribe function. */
export function onLiveEvent<K extends LiveEventKind>(kind: K, listener: Listener<K>): () => void {
  const set = listeners[kind] as Set<Listener<K>>;
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/** Delivers a payload to the subscribers of `kind` (also used by tests to simulate the server). */
export function emitLiveEvent<K extends LiveEventKind>(kind: K, payload: LiveEventMap[K]): void {
  for (const listener of [...(listeners[kind] as Set<Listener<K>>)]) {
    try {
      listener(payload);
    } catch (error) {
      console.error(`live ${kind} listener failed`, error);
    }
  }
}

/** React hook: runs `handler` for each event of `kind` while the component is mounted. */
export function useLiveEvent<K extends LiveEventKind>(kind: K, handler: Listener<K>): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => onLiveEvent(kind, (payload) => latest.current(payload)), [kind]);
}

function parse<K extends LiveEventKind>(event: MessageEvent): LiveEventMap[K] | null {
  try {
    return JSON.parse(String(event.data)) as LiveEventMap[K];
  } catch {
    return null;
  }
}

export interface LiveConnectionOptions {
  /** Called when the stream is refused because the session ended (signed out elsewhere, password changed). */
  onSignedOut?: () => void;
}

const RECONNECT_AFTER_CLOSE_MS = 10_000;

/**
 * Opens the member's event stream and keeps the query cache in step with it. Returns a function that closes
 * the stream. Does nothing where EventSource does not exist (tests, very old browsers): the polls remain.
 */
export function connectLiveEvents(queryClient: QueryClient, userId: number, options: LiveConnectionOptions = {}): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  let source: EventSource | null = null;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const invalidate = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  const unsubscribers = [
    onLiveEvent('message', () => {
      invalidate(liveQueryKeys.conversations(userId));
      invalidate(liveQueryKeys.unreadMessages(userId));
    }),
    onLiveEvent('read', () => {
      invalidate(liveQueryKeys.unreadMessages(userId));
      invalidate(liveQueryKeys.conversations(userId));
    }),
    onLiveEvent('notification', () => {
      invalidate(liveQueryKeys.notificationCount(userId));
      invalidate(liveQueryKeys.notifications(userId));
    }),
    // A renewal, a failed payment or its recovery: the tier the app gates features on and Settings → Plan.
    onLiveEvent('subscription', () => {
      invalidate(sessionQueryKey);
      invalidate(liveQueryKeys.subscription(userId));
    }),
  ];

  const open = () => {
    if (stopped) return;
    const stream = new EventSource(EVENTS_PATH, { withCredentials: true });
    source = stream;
    for (const kind of Object.keys(listeners) as LiveEventKind[]) {
      stream.addEventListener(kind, (event) => {
        const payload = parse(event as MessageEvent);
        if (payload) emitLiveEvent(kind, payload);
      });
    }
    stream.addEventListener('error', () => {
      // CONNECTING: the browser retries by itself. CLOSED: the server refused the stream (401 when the
      // session ended), so ask who we are before trying again.
      if (stream.readyState !== EventSource.CLOSED || stopped) return;
      void fetchSession()
        .then((user) => {
          if (stopped) return;
          if (!user || user.id !== userId) {
            queryClient.setQueryData(sessionQueryKey, user);
            options.onSignedOut?.();
            return;
          }
          retryTimer = setTimeout(open, RECONNECT_AFTER_CLOSE_MS);
        })
        .catch(() => {
          if (!stopped) retryTimer = setTimeout(open, RECONNECT_AFTER_CLOSE_MS);
        });
    });
  };
  open();

  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    source?.close();
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
