import { useEffect, useSyncExternalStore } from 'react';
import { translate } from '../i18n/translate';

/** "Chat with Priya" → "Chat with Priya · Saathi". */
export const APP_NAME = 'Saathi';
export function documentTitle(screen: string | null): string {
  return screen ? `${screen} · ${APP_NAME}` : `${APP_NAME} — ${translate('app.tagline')}`;
}

// A screen that knows more than its route (the person it shows) names itself; the shell reads it.
let screenTitle: string | null = null;
const listeners = new Set<() => void>();

function setScreenTitle(title: string | null): void {
  if (screenTitle === title) return;
  screenTitle = title;
  for (const listener of listeners) listener();
}

export function useScreenTitleOverride(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => screenTitle,
    () => screenTitle,
  );
}

/** Names the current screen (for the tab title and screen readers) while it is shown; null keeps the route's. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    setScreenTitle(title);
    return () => setScreenTitle(null);
  }, [title]);
}
