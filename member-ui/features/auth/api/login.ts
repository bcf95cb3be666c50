import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGES, type SessionUser } from '../../../../contracts/auth';
import { api, formBody, isApiError } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';
import { localizeMessage } from '../../../i18n/translate';

export interface AuthSuccess {
  user: SessionUser;
  redirectTo: string;
}

export interface LoginCredentials {
  username: string;
  password: string;
  /** The authenticator code, for accounts with two-factor sign-in. */
  totpCode?: string;
}

/** POST /api/auth/login?redirect=… in JSON mode; the server validates the redirect target. */
export function postLogin(credentials: LoginCredentials, redirectTo: string): Promise<AuthSuccess> {
  return api.post<AuthSuccess>('/api/auth/login', {
    searchParams: { redirect: redirectTo },
    body: formBody({
      username: credentials.username,
      password: credentials.password,
      ...(credentials.totpCode ? { totpCode: credentials.totpCode } : {}),
    }),
  });
}

/** The server answers 401 {message, totpRequired: true} when the account needs an authenticator code. */
export function isTotpRequired(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 401) return false;
  try {
    return (JSON.parse(error.bodyText) as { totpRequired?: unknown }).totpRequired === true;
  } catch {
    return false;
  }
}

/** The server's message, else a generic failure; network failures differ. */
export function loginErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? localizeMessage(AUTH_MESSAGES.loginFailed);
  return localizeMessage(AUTH_MESSAGES.loginNetwork);
}

export function useLogin(redirectTo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginCredentials) => postLogin(credentials, redirectTo),
    onSuccess: (result) => {
      queryClient.setQueryData(sessionQueryKey, result.user);
    },
  });
}
