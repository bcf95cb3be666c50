import { useMatches, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { documentTitle, useScreenTitleOverride } from '../../lib/page-title';
import { ROUTE_TITLES } from '../routing/page-titles';
import { useT } from '../../i18n/use-t';

/**
 * Keeps the document title on the current screen ("Chat with Priya · Saathi") and, after each navigation inside
 * the app, says the new screen's name in a polite live region, as a page load would for a screen reader.
 */
export function RouteAnnouncer() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const routePath = useMatches({ select: (matches) => matches[matches.length - 1]?.fullPath as string | undefined });
  const override = useScreenTitleOverride();
  const t = useT();
  const routeTitle = routePath ? ROUTE_TITLES[routePath] : undefined;
  const screen = override ?? (routeTitle ? t(routeTitle) : null);
  const title = documentTitle(screen);
  const [announcement, setAnnouncement] = useState('');
  const firstPath = useRef(pathname);

  useEffect(() => {
    document.title = title;
  }, [title]);

  // Announced after each navigation once the name settles (a person's name may arrive a moment later); the first
  // screen is announced by the page load itself.
  const navigated = useRef(false);
  useEffect(() => {
    if (pathname !== firstPath.current) navigated.current = true;
    if (!navigated.current) return;
    const timer = setTimeout(() => setAnnouncement(screen ?? ''), 150);
    return () => clearTimeout(timer);
  }, [pathname, screen]);

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announcement}
    </p>
  );
}
