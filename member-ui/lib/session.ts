import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../contracts/auth';
import { api, isApiError } from './api-client';

export const SESSION_PATH = '/api/auth/user';
export const sessionQueryKey = [SESSION_PATH] as const;

/** GET /api/auth/user: the signed-in member, or null when the server answers 401. */
export async function fetchSession(): Promise<SessionUser | null> {
  try {
    return await api.get<SessionUser>(SESSION_PATH);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function sessionQueryOptions() {
  return queryOptions({ queryKey: sessionQueryKey, queryFn: fetchSession });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** The session user when signed in, else null (also while loading). */
export function useSessionUser(): SessionUser | null {
  return useSession().data ?? null;
}
