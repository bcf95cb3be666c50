import type { QueryClient } from '@tanstack/react-query';
import { type AnyRoute, type AnyRouter, createRouter, type ParsedLocation, type RouterHistory } from '@tanstack/react-router';
import { NotFoundPage } from './app/layout/not-found-page';
import { RouteErrorPage } from './app/layout/route-error-page';
import { memberLayoutRoute, memberRoutes } from './app/routing/protected-routes';
import { publicRoutes } from './app/routing/public-routes';
import { rootRoute } from './app/routing/root-route';
import { ScreenPending } from './app/layout/screen-pending';

/** Every route of the member app: public ones at the root, protected ones under the auth layout. */
export const routeTree = rootRoute.addChildren([...publicRoutes, memberLayoutRoute.addChildren([...memberRoutes])]);

export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient },
    // Lazy screens start loading when a link is hovered or focused.
    defaultPreload: 'intent',
    // React Query owns caching; the router should always ask it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: ScreenPending,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteErrorPage,
    scrollRestoration: true,
  });
  // In the browser, the first screen's code downloads while its route's session check runs, not after it. In a task
  // of its own: matching the routes again is 10–30 ms of a phone's start, on top of making the router.
  if (!history && typeof window !== 'undefined') setTimeout(() => preloadScreenCode(router, router.latestLocation), 0);
  return router;
}

type LazyComponent = { preload?: () => Promise<void> } | undefined;

/** Starts loading the lazy components of the routes a location matches (without running their loaders). */
function preloadScreenCode(router: AnyRouter, location: ParsedLocation): void {
  for (const match of router.matchRoutes(location)) {
    const component = (router.routesById as Record<string, AnyRoute>)[match.routeId]?.options.component as LazyComponent;
    component?.preload?.().catch(() => {
      // The router loads it again when it renders the route, and shows its error page if that fails too.
    });
  }
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
