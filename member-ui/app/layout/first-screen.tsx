import { type ReactNode, useEffect } from 'react';

/**
 * The screen the server painted into a signed-in member's page (home's or search's first cards, rendered by the
 * app's own components: member-ui/first-screen/), kept when the app starts so that the app can go on showing it,
 * instead of a spinner, until its own render of that screen is there.
 */
let served: { pathname: string; html: string } | null = null;

/** Keeps the page's first screen, before React's first render replaces the page's content. */
export function keepFirstScreen(container: HTMLElement): void {
  const node = container.querySelector<HTMLElement>('[data-first-screen]');
  served = node ? { pathname: node.dataset.firstScreen ?? '', html: node.innerHTML } : null;
}

/** Whether the server's copy of the screen at `pathname` is still there to show (the app has not rendered it yet). */
export function hasFirstScreen(pathname: string): boolean {
  return served !== null && served.pathname === pathname;
}

/** The server's first screen while the app is loading the screen at `pathname` it was painted for. */
export function FirstScreen({ pathname, fallback }: { pathname: string; fallback: ReactNode }) {
  // Another screen was opened first: the copy is never shown later, when it may be out of date.
  if (served && served.pathname !== pathname) served = null;
  if (!served) return fallback;
  // The server's markup of this same page (text escaped by React on the server), shown as it was painted.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own server-rendered content, put back as it was
  return <div className="first-screen" dangerouslySetInnerHTML={{ __html: served.html }} />;
}

/** For the screen the server painted: once it has rendered itself, the server's copy is not shown again. */
export function useFirstScreenReplaced(): void {
  useEffect(() => {
    served = null;
  }, []);
}
