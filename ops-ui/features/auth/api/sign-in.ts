import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGES, type LoginInput } from '../../../../contracts/auth';
import { api, isApiError, isNetworkError } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { MEMBER_REFUSAL_FALLBACK, type OpsSession, opsSessionQueryKey, opsUserResponseSchema } from './ops-session';

export type SignInCredentials = Pick<LoginInput, 'username' | 'password'>;

export async function signIn(credentials: SignInCredentials) {
  const body = await api.post<unknown>(apiPaths.opsSession, {
    json: { username: credentials.username, password: credentials.password },
  });
  return opsUserResponseSchema.parse(body).user;
}

export interface SignInFailure {
  /** A member account was refused: shown as a distinct, prominent notice. */
  kind: 'refused' | 'error';
  message: string;
}

/** What the sign-in form tells the user for each way signing in can fail. */
export function describeSignInError(error: unknown): SignInFailure {
  if (isApiError(error)) {
    switch (error.status) {
      case 401:
        return { kind: 'error', message: error.serverMessage ?? AUTH_MESSAGES.invalidCredentials };
      case 403:
        return { kind: 'refused', message: error.serverMessage ?? MEMBER_REFUSAL_FALLBACK };
      case 429:
        return { kind: 'error', message: error.serverMessage ?? AUTH_MESSAGES.tooManyAttempts };
      default:
        return { kind: 'error', message: error.serverMessage ?? AUTH_MESSAGES.loginFailed };
    }
  }
  if (isNetworkError(error)) return { kind: 'error', message: AUTH_MESSAGES.loginNetwork };
  return { kind: 'error', message: AUTH_MESSAGES.loginFailed };
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (user) => {
      const session: OpsSession = { status: 'signed-in', user };
      queryClient.setQueryData(opsSessionQueryKey, session);
    },
  });
}
