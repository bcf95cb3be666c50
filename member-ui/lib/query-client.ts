import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { api } from './api-client';

/** Default reads: GET the path held in the query key's first element. */
async function getQueryKeyPath({ queryKey, signal }: QueryFunctionContext): Promise<unknown> {
  const [path] = queryKey;
  if (typeof path !== 'string') throw new Error('Query key must start with an API path');
  return api.get<unknown>(path, { signal });
}

/** No retries, no refetch on focus, no polling, data never stale. */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryKeyPath,
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}
