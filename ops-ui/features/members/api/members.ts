import type { SuspensionLength } from '../../../../contracts/enums';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { SUBSCRIPTION_TIERS, type SubscriptionTier, USER_STATUSES, type UserStatus } from '../../../../contracts/enums';
import { api } from '../../../lib/api-client';
import { apiPaths, withQuery } from '../../../lib/paths';

const memberRowSchema = z.object({
  id: z.number(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  /** The plan in force today (an expired subscription counts as Tryme). */
  tier: z.enum(SUBSCRIPTION_TIERS),
  isVerified: z.boolean(),
  status: z.enum(USER_STATUSES),
  registeredAt: z.string(),
});
export type MemberRow = z.infer<typeof memberRowSchema>;

const memberPageSchema = z.object({ items: z.array(memberRowSchema), total: z.number() });

export interface MemberQuery {
  q?: string;
  tier?: SubscriptionTier;
  verified?: 'true' | 'false';
  status?: UserStatus;
  sort: 'created' | 'name' | 'username' | 'email' | 'verified' | 'status';
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const membersKey = ['ops', 'members'] as const;

export function useMembers(query: MemberQuery) {
  return useQuery({
    queryKey: [...membersKey, query],
    queryFn: async ({ signal }) =>
      memberPageSchema.parse(await api.get<unknown>(withQuery(apiPaths.members, { ...query }), { signal })),
    placeholderData: keepPreviousData,
  });
}

function useRefreshMembers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membersKey }),
      queryClient.invalidateQueries({ queryKey: ['ops', 'dashboard'] }),
    ]);
}

export function useSuspendMember() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: ({ id, reason, length }: { id: number; reason: string; length: SuspensionLength }) =>
      api.post<unknown>(apiPaths.memberSuspend(id), { json: { reason, length } }),
    onSuccess: refresh,
  });
}

export function useRestoreMember() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) => api.post<unknown>(apiPaths.memberRestore(id), { json: { note } }),
    onSuccess: refresh,
  });
}

/** Lifts the undeliverable mark of the member's address: email is sent to it again. */
export function useClearEmailBounce() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(apiPaths.memberEmailBounce(id)),
    onSuccess: refresh,
  });
}
