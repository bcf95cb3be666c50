import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFoundPage } from './app/layout/not-found-page';
import { RouteErrorPage } from './app/layout/route-error-page';
import { memberLayoutRoute, memberRoutes } from './app/routing/protected-routes';
import { publicRoutes } from './app/routing/public-routes';
import { rootRoute } from './app/routing/root-route';
import { FullPageSpinner } from './components/ui/spinner';

/** Every route of spec part 2 "Full route list": public ones at the root, protected ones under the auth layout. */
export const routeTree = rootRoute.addChildren([...publicRoutes, memberLayoutRoute.addChildren([...memberRoutes])]);

export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    // Lazy screens start loading when a link is hovered or focused.
    defaultPreload: 'intent',
    // React Query owns caching; the router should always ask it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: FullPageSpinner,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteErrorPage,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
