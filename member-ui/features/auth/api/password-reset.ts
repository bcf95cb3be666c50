import { useMutation } from '@tanstack/react-query';
import { AUTH_MESSAGES } from '../../../../contracts/auth';
import { api, formBody, isApiError } from '../../../lib/api-client';
import { localizeMessage } from '../../../i18n/translate';

export interface ResetRequestResult {
  message: string;
  /** Present only when the server runs in demo mode. */
  token?: string;
}

/** POST /api/auth/password-reset/request with JSON {email}. */
export function postResetRequest(email: string): Promise<ResetRequestResult> {
  return api.post<ResetRequestResult>('/api/auth/password-reset/request', { json: { email } });
}

export interface ResetConfirmFields {
  token: string;
  password: string;
  confirmPassword: string;
}

/** POST /api/auth/password-reset/confirm, form-encoded, JSON mode. */
export function postResetConfirm(fields: ResetConfirmFields): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/password-reset/confirm', { body: formBody({ ...fields }) });
}

/** The server message, else a generic failure; network failures differ. */
export function resetErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? localizeMessage(AUTH_MESSAGES.forgotFailed);
  return localizeMessage(AUTH_MESSAGES.forgotNetwork);
}

export function useResetRequest() {
  return useMutation({ mutationFn: postResetRequest });
}

export function useResetConfirm() {
  return useMutation({ mutationFn: postResetConfirm });
}
