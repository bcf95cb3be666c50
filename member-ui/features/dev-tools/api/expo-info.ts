import type { ExpoInfoView } from '../../../../contracts/views';
import { api, isApiError } from '../../../lib/api-client';

/** GET /api/dev/expo-info; a refresh adds t=<timestamp> so the server reads the current dev URL again. */
export function fetchExpoInfo({ fresh = false, signal }: { fresh?: boolean; signal?: AbortSignal } = {}) {
  return api.get<ExpoInfoView>('/api/dev/expo-info', {
    signal,
    searchParams: fresh ? { t: String(Date.now()) } : undefined,
  });
}

/** "Server returned {status}: {text}" for HTTP failures. */
export function expoInfoErrorDetail(error: unknown): string {
  if (isApiError(error)) {
    const text = error.serverMessage ?? error.message.slice(`${error.status}: `.length);
    return `Server returned ${error.status}: ${text}`;
  }
  return error instanceof Error && error.message ? error.message : 'Could not reach the server.';
}
