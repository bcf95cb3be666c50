import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from 'react';

// A deliberately small history router: one level of routes under /ops, plus detail pages (/ops/members/12).
const NAVIGATE_EVENT = 'ops:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

function currentPathname(): string {
  return window.location.pathname;
}

/** The current pathname, re-rendering on back/forward and on `navigate`. */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, currentPathname, currentPathname);
}

function currentSearch(): string {
  return window.location.search;
}

/** The current query string ("?q=asha&page=2"), re-rendering when it changes. */
export function useSearch(): string {
  return useSyncExternalStore(subscribe, currentSearch, currentSearch);
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}

/** "/ops/members/" and "/ops/members" are the same page. */
export function normalizePathname(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') : pathname;
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
}

/** An ordinary anchor (so open-in-new-tab works) that navigates in place on a plain click. */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainLeftClick(event) || (target && target !== '_self')) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}
