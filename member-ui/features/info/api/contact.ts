import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { translate } from '../../../i18n/translate';

export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}


/** POST /api/contact: 201 {message}; 400 {message, field}; 429 {message}. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactMessage) => api.post<{ message?: string }>('/api/contact', { json: message }),
  });
}

/** The server's message on success, else the default. */
export function contactSuccessText(answer: { message?: string } | null | undefined): string {
  return answer?.message || translate('help.contact.sentText');
}

/** The server message, else the error text, else the generic failure. */
export function contactErrorText(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? (error.bodyText ? error.message : translate('help.contact.failed'));
  if (error instanceof Error && error.message) return error.message;
  return translate('help.contact.failed');
}
