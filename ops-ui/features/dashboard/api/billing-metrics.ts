import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { api } from '../../../lib/api-client';
// The console's API base (lib/paths keeps it private; these routes are billing's).
const OPS_API = '/api/ops';

const monthSchema = z.object({
  month: z.string(),
  revenue: z.string(),
  newSubscriptions: z.number(),
  payingAtStart: z.number(),
  churned: z.number(),
  churnRate: z.number().nullable(),
});
export type BillingMonth = z.infer<typeof monthSchema>;

/** GET /api/ops/billing/metrics: 12 months of revenue and churn. Admins only: for reviewers it answers 403 and the charts are left out. */
export function useBillingMetrics() {
  return useQuery({
    queryKey: ['ops', 'billing-metrics'],
    queryFn: async ({ signal }) => z.object({ months: z.array(monthSchema) }).parse(await api.get<unknown>(`${OPS_API}/billing/metrics`, { signal })).months,
    staleTime: 60_000,
    retry: false,
  });
}
