import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { type OpsSession, type OpsUser, opsSessionQueryKey } from './ops-session';

const setupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCodeImageUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof setupSchema>;
const enabledSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** POST /api/users/{id}/2fa/setup: a new secret and its QR code (the secret is not active until a code confirms it). */
export function useTwoFactorSetup(userId: number) {
  return useMutation({ mutationFn: async () => setupSchema.parse(await api.post<unknown>(apiPaths.twoFactorSetup(userId))) });
}

/** POST /api/users/{id}/2fa/enable with a code from the app: two-factor is on; the recovery codes are shown once. */
export function useTwoFactorEnable(userId: number) {
  return useMutation({
    mutationFn: async (code: string) => enabledSchema.parse(await api.post<unknown>(apiPaths.twoFactorEnable(userId), { json: { code } })).recoveryCodes,
  });
}

/** After the recovery codes were seen: the console opens. */
export function useEnterConsole() {
  const queryClient = useQueryClient();
  return (user: OpsUser) => {
    const session: OpsSession = { status: 'signed-in', user };
    queryClient.setQueryData(opsSessionQueryKey, session);
  };
}
