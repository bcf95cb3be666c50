import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { api, isApiError } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** Only staff accounts reach the console; the rest of SessionUser (contracts/auth.ts) passes through unread. */
export const opsUserSchema = z.looseObject({
  id: z.number(),
  fullName: z.string(),
  username: z.string(),
  role: z.enum(['reviewer', 'admin']),
});
export type OpsUser = z.infer<typeof opsUserSchema>;

/** `mustEnrolTwoFactor`: signed in with the password, but the console opens only once two-factor is on. */
export const opsUserResponseSchema = z.object({ user: opsUserSchema, mustEnrolTwoFactor: z.boolean().optional() });

export type OpsSession =
  | { status: 'signed-in'; user: OpsUser }
  /** Signed in with the password; two-factor authentication must be turned on before anything else. */
  | { status: 'enrol'; user: OpsUser }
  | { status: 'signed-out' }
  /** Signed in, but as a member: the console refuses and offers sign-out. */
  | { status: 'refused'; message: string };

export const opsSessionQueryKey = ['ops', 'session'] as const;

export const MEMBER_REFUSAL_FALLBACK = 'This console is for Saathi reviewers and admins only.';

export async function fetchOpsSession(signal?: AbortSignal): Promise<OpsSession> {
  try {
    const body = opsUserResponseSchema.parse(await api.get<unknown>(apiPaths.opsMe, { signal }));
    return { status: body.mustEnrolTwoFactor ? 'enrol' : 'signed-in', user: body.user };
  } catch (error) {
    if (isApiError(error) && error.status === 401) return { status: 'signed-out' };
    if (isApiError(error) && error.status === 403) {
      return { status: 'refused', message: error.serverMessage ?? MEMBER_REFUSAL_FALLBACK };
    }
    throw error;
  }
}

export function useOpsSession() {
  return useQuery({
    queryKey: opsSessionQueryKey,
    queryFn: ({ signal }) => fetchOpsSession(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
