import { QueryClient } from '@tanstack/react-query';

/** Reviewers act on fresh data deliberately: no silent retries, no refetch when the window regains focus. */
export function createOpsQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
