import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGES, type LoginInput } from '../../../../contracts/auth';
import { api, isApiError, isNetworkError } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { type OpsSession, opsSessionQueryKey, opsUserResponseSchema } from './ops-session';

export type SignInCredentials = Pick<LoginInput, 'username' | 'password' | 'totpCode'>;

export async function signIn(credentials: SignInCredentials) {
  const body = await api.post<unknown>(apiPaths.opsSession, {
    json: {
      username: credentials.username,
      password: credentials.password,
      ...(credentials.totpCode ? { totpCode: credentials.totpCode } : {}),
    },
  });
  return opsUserResponseSchema.parse(body);
}

export interface SignInFailure {
  /** 'code': the account has two-factor authentication and the console asks for its code. */
  kind: 'code' | 'error';
  message: string;
}

function asksForCode(bodyText: string): boolean {
  try {
    return (JSON.parse(bodyText) as { totpRequired?: unknown }).totpRequired === true;
  } catch {
    return false;
  }
}

/** What the sign-in form tells the user for each way signing in can fail. */
export function describeSignInError(error: unknown): SignInFailure {
  if (isApiError(error)) {
    switch (error.status) {
      case 401:
        if (asksForCode(error.bodyText)) return { kind: 'code', message: error.serverMessage ?? AUTH_MESSAGES.totpRequired };
        return { kind: 'error', message: error.serverMessage ?? AUTH_MESSAGES.invalidCredentials };
      case 403:
        return { kind: 'error', message: error.serverMessage ?? AUTH_MESSAGES.accountSuspended };
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
    onSuccess: ({ user, mustEnrolTwoFactor }) => {
      const session: OpsSession = { status: mustEnrolTwoFactor ? 'enrol' : 'signed-in', user };
      queryClient.setQueryData(opsSessionQueryKey, session);
    },
  });
}
