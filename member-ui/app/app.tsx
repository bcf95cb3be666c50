import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createAppQueryClient } from '../lib/query-client';
import type { AppRouter } from '../router';
import { createAppRouter } from '../router';
import { AppProviders } from './providers';
import type { Language } from '../../contracts/i18n/languages';
import type { Messages } from '../i18n/catalogue';

export interface AppProps {
  /** Tests pass their own client and router (memory history); the browser build uses the defaults. */
  queryClient?: QueryClient;
  router?: AppRouter;
  /** The language of the first render and its catalogue, loaded before it (app/start.tsx); English by default. */
  language?: Language;
  messages?: Messages;
}

export function App({ queryClient: givenClient, router: givenRouter, language, messages }: AppProps) {
  const [queryClient] = useState(() => givenClient ?? createAppQueryClient());
  const [router] = useState(() => givenRouter ?? createAppRouter({ queryClient }));
  return (
    <AppProviders queryClient={queryClient} language={language} messages={messages}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
