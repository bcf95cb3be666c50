import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createOpsQueryClient } from '../lib/query-client';
import { AuthGate } from './auth-gate';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  // One client per mounted app; tests pass their own so nothing leaks between them.
  const [client] = useState(() => queryClient ?? createOpsQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthGate />
    </QueryClientProvider>
  );
}
