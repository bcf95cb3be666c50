import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGES } from '../../../../contracts/auth';
import { api, formBody, isApiError } from '../../../lib/api-client';
import type { AuthSuccess } from './login';
import { sessionQueryKey } from '../../../lib/session';
import { localizeMessage } from '../../../i18n/translate';

export interface RegistrationFields {
  /** "This profile is for": self, son, daughter, brother, sister, relative, friend */
  profileFor: string;
  /** the account holder's own name */
  fullName: string;
  /** the name of the person the profile is for (only when that is someone else) */
  candidateName: string;
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
}

/** Outside demo mode the server answers 202: the account signs in after the emailed confirmation link. */
export interface ConfirmationPending {
  message: string;
  confirmationRequired: true;
}

export type RegisterResult = AuthSuccess | ConfirmationPending;

export function isConfirmationPending(result: RegisterResult): result is ConfirmationPending {
  return 'confirmationRequired' in result && result.confirmationRequired === true;
}

/** POST /api/auth/register?redirect=… form-encoded; every new account asks for tryme. */
export function postRegister(fields: RegistrationFields, redirectTo: string): Promise<RegisterResult> {
  return api.post<RegisterResult>('/api/auth/register', {
    searchParams: { redirect: redirectTo },
    body: formBody({ ...fields, subscriptionTier: 'tryme' }),
  });
}

/** JSON message, else the text body, else a generic failure; network failures differ. */
export function registerErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    return error.serverMessage ?? (error.bodyText.trim() || localizeMessage(AUTH_MESSAGES.registrationFailed));
  }
  return localizeMessage(AUTH_MESSAGES.registrationNetwork);
}

export function useRegister(redirectTo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: RegistrationFields) => postRegister(fields, redirectTo),
    onSuccess: (result) => {
      if (!isConfirmationPending(result)) queryClient.setQueryData(sessionQueryKey, result.user);
    },
  });
}

/** POST /api/auth/confirm-email {token}: confirms the address and signs the member in. */
export function postConfirmEmail(token: string): Promise<AuthSuccess & { message: string }> {
  return api.post<AuthSuccess & { message: string }>('/api/auth/confirm-email', { json: { token } });
}
