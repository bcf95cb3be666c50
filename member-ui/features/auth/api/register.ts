import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGES } from '../../../../contracts/auth';
import { api, formBody, isApiError } from '../../../lib/api-client';
import type { AuthSuccess } from './login';
import { sessionQueryKey } from '../../../lib/session';

export interface RegistrationFields {
  fullName: string;
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
}

/** POST /api/auth/register?redirect=… form-encoded; every new account asks for tryme (DECISIONS.md). */
export function postRegister(fields: RegistrationFields, redirectTo: string): Promise<AuthSuccess> {
  return api.post<AuthSuccess>('/api/auth/register', {
    searchParams: { redirect: redirectTo },
    body: formBody({ ...fields, subscriptionTier: 'tryme' }),
  });
}

/** Spec part 1 §8: JSON message, else the text body, else a generic failure; network failures differ. */
export function registerErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    return error.serverMessage ?? (error.bodyText.trim() || AUTH_MESSAGES.registrationFailed);
  }
  return AUTH_MESSAGES.registrationNetwork;
}

export function useRegister(redirectTo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: RegistrationFields) => postRegister(fields, redirectTo),
    onSuccess: (result) => {
      queryClient.setQueryData(sessionQueryKey, result.user);
    },
  });
}
