import { useMutation } from '@tanstack/react-query';
import { CONTACT_MESSAGES } from '../../../../contracts/discovery';
import { api, isApiError } from '../../../lib/api-client';

export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

const CONTACT_FAILED = 'There was a problem sending your message. Please try again.';

/** POST /api/contact: 201 {message}; 400 {message, field}; 429 {message}. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactMessage) => api.post<{ message?: string }>('/api/contact', { json: message }),
  });
}

/** The server's message on success, else the default. */
export function contactSuccessText(answer: { message?: string } | null | undefined): string {
  return answer?.message || CONTACT_MESSAGES.sent;
}

/** The server message, else the error text, else the generic failure. */
export function contactErrorText(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? (error.bodyText ? error.message : CONTACT_FAILED);
  if (error instanceof Error && error.message) return error.message;
  return CONTACT_FAILED;
}
