import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { api } from '../../../lib/api-client';

const billingSchema = z.object({
  subscriptions: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      tier: z.string(),
      pendingTier: z.string().nullable(),
      status: z.string(),
      currentPeriodStart: z.string(),
      currentPeriodEnd: z.string(),
      cancelAtPeriodEnd: z.boolean(),
      graceUntil: z.string().nullable(),
      canceledAt: z.string().nullable(),
      card: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  invoices: z.array(
    z.object({
      id: z.string(),
      tier: z.string(),
      reason: z.string(),
      amount: z.string(),
      currency: z.string(),
      status: z.string(),
      periodStart: z.string(),
      periodEnd: z.string(),
      paidAt: z.string().nullable(),
      attempts: z.number(),
      receiptUrl: z.string().nullable(),
    }),
  ),
  /** month purchases from before subscriptions existed */
  oneOffPayments: z.array(
    z.object({ id: z.string(), tier: z.string(), amount: z.string(), currency: z.string(), paidAt: z.string(), until: z.string(), isDemo: z.boolean() }),
  ),
});
export type MemberBilling = z.infer<typeof billingSchema>;

/** GET /api/ops/members/{id}/billing: the member's subscription history and invoices. */
export function useMemberBilling(id: number) {
  return useQuery({
    queryKey: ['ops', 'member-billing', id],
    queryFn: async ({ signal }) => billingSchema.parse(await api.get<unknown>(`/api/ops/members/${id}/billing`, { signal })),
  });
}
