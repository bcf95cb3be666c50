import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

const dailySeriesSchema = z.array(z.object({ date: z.string(), count: z.number() }));
export type DailySeries = z.infer<typeof dailySeriesSchema>;

const dashboardSchema = z.object({
  tiles: z.object({
    members: z.number(),
    verifiedMembers: z.number(),
    pendingVerifications: z.number(),
    openReports: z.number(),
    openAppeals: z.number().default(0),
    activeShares: z.number(),
    unhandledContact: z.number(),
  }),
  membersByTier: z.object({ tryme: z.number(), premium: z.number(), elite: z.number() }),
  registrationsPerDay: dailySeriesSchema,
  verificationDecisionsPerDay: dailySeriesSchema,
  verificationApprovalsPerDay: dailySeriesSchema,
  verificationRejectionsPerDay: dailySeriesSchema,
  shareViewsPerDay: dailySeriesSchema,
  moodCheckInsPerDay: dailySeriesSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export type DashboardTiles = Dashboard['tiles'];

export const dashboardKey = ['ops', 'dashboard'] as const;

export function useDashboard() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: async ({ signal }) => dashboardSchema.parse(await api.get<unknown>(apiPaths.dashboard, { signal })),
    // The numbers move slowly; a minute-old view is fine and saves the server repeated 30-day scans.
    staleTime: 60_000,
  });
}
