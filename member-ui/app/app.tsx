import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createAppQueryClient } from '../lib/query-client';
import type { AppRouter } from '../router';
import { createAppRouter } from '../router';
import { AppProviders } from './providers';

export interface AppProps {
  /** Tests pass their own client and router (memory history); the browser build uses the defaults. */
  queryClient?: QueryClient;
  router?: AppRouter;
}

export function App({ queryClient: givenClient, router: givenRouter }: AppProps) {
  const [queryClient] = useState(() => givenClient ?? createAppQueryClient());
  const [router] = useState(() => givenRouter ?? createAppRouter({ queryClient }));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
