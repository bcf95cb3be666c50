import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionDeviceView } from '../../../../contracts/views';
import { api, request } from '../../../lib/api-client';

export const twoFactorPath = (userId: number) => `/api/users/${userId}/2fa`;
export const sessionsPath = (userId: number) => `/api/users/${userId}/sessions`;

/** POST /api/users/{userId}/change-password {currentPassword, newPassword}; other sessions end on the server. */
export function useChangePassword(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      api.post<{ message: string; endedSessions: number }>(`/api/users/${userId}/change-password`, { json: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [sessionsPath(userId)] }),
  });
}

export interface TwoFactorStatus {
  totpEnabled: boolean;
  recoveryCodesLeft: number;
}

function twoFactorQuery(userId: number) {
  return {
    queryKey: [twoFactorPath(userId)],
    queryFn: ({ signal }: { signal: AbortSignal }) => api.get<TwoFactorStatus>(twoFactorPath(userId), { signal }),
  };
}

export function useTwoFactorStatus(userId: number) {
  return useQuery({ ...twoFactorQuery(userId), select: (answer) => answer.totpEnabled });
}

export function useRecoveryCodesLeft(userId: number) {
  return useQuery({ ...twoFactorQuery(userId), select: (answer) => answer.recoveryCodesLeft ?? 0 });
}

/** POST …/2fa/recovery-codes {password}: a new set of ten (the old ones stop working), shown once. */
export function useNewRecoveryCodes(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.post<{ recoveryCodes: string[] }>(`${twoFactorPath(userId)}/recovery-codes`, { json: { password } }),
    onSuccess: (answer) => queryClient.setQueryData([twoFactorPath(userId)], { totpEnabled: true, recoveryCodesLeft: answer.recoveryCodes.length }),
  });
}

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  qrCodeImageUrl: string;
}

export function useStartTwoFactorSetup(userId: number) {
  return useMutation({
    mutationFn: () => api.post<TwoFactorSetup>(`${twoFactorPath(userId)}/setup`),
  });
}

/** POST …/2fa/enable or …/2fa/disable with the 6-digit code. */
export function useSwitchTwoFactor(userId: number, action: 'enable' | 'disable') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<{ message: string; totpEnabled: boolean; recoveryCodes?: string[] }>(`${twoFactorPath(userId)}/${action}`, { json: { code } }),
    onSuccess: (answer) =>
      queryClient.setQueryData([twoFactorPath(userId)], { totpEnabled: answer.totpEnabled, recoveryCodesLeft: answer.recoveryCodes?.length ?? 0 }),
  });
}

export function useSessions(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: [sessionsPath(userId)],
    queryFn: ({ signal }) => api.get<SessionDeviceView[]>(sessionsPath(userId), { signal }),
    enabled,
    staleTime: 0,
  });
}

export function useEndSession(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      api.delete<{ message: string; current: boolean }>(`${sessionsPath(userId)}/${encodeURIComponent(sessionId)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [sessionsPath(userId)] }),
  });
}

function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

/** GET /api/users/{userId}/export, saved as a .json file through a Blob link. */
export async function downloadMyData(userId: number): Promise<string> {
  const response = await request('GET', `/api/users/${userId}/export`, { headers: { Accept: 'application/json' } });
  const text = await response.text();
  const name = fileNameFrom(response.headers.get('Content-Disposition'), `saathi-data-${userId}.json`);
  const blob = new Blob([text], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name.endsWith('.json') ? name : `${name}.json`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return link.download;
}
