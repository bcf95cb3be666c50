import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { api } from '../../../lib/api-client';
import { apiPaths, withQuery } from '../../../lib/paths';
import { conversationSchema, profileSummarySchema, reportSummarySchema, senderConversationSchema } from '../../../lib/records';
import type { SuspensionLength } from '../../../../contracts/enums';

export const REPORT_STATUSES = ['open', 'dismissed', 'warned', 'suspended'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export type ReportAction = 'dismiss' | 'warn' | 'suspend';

const reportSchema = reportSummarySchema;
export type Report = z.infer<typeof reportSchema>;

const reportPageSchema = z.object({ items: z.array(reportSchema), total: z.number() });

export interface ReportQuery {
  status: ReportStatus;
  page: number;
  pageSize: number;
}

export const reportsKey = ['ops', 'reports'] as const;

/** Open reports come oldest first: the longest-waiting report is handled first. */
export function useReports(query: ReportQuery) {
  return useQuery({
    queryKey: [...reportsKey, query],
    queryFn: async ({ signal }) =>
      reportPageSchema.parse(await api.get<unknown>(withQuery(apiPaths.reports, { ...query }), { signal })),
    placeholderData: keepPreviousData,
  });
}

export function useReportAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note, length }: { id: number; action: ReportAction; note: string; length?: SuspensionLength }) =>
      api.post<unknown>(apiPaths.reportAction(id, action), { json: { ...(note ? { note } : {}), ...(length ? { length } : {}) } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reportsKey }),
        // A suspension changes the member's status everywhere it is shown.
        queryClient.invalidateQueries({ queryKey: ['ops', 'members'] }),
        queryClient.invalidateQueries({ queryKey: ['ops', 'dashboard'] }),
      ]),
  });
}

const reportDetailSchema = reportSummarySchema.extend({
  reportedProfile: profileSummarySchema.nullable(),
  reporterProfile: profileSummarySchema.nullable(),
  conversation: conversationSchema,
  senderConversations: z.array(senderConversationSchema),
  otherReports: z.array(reportSummarySchema),
});
export type ReportDetail = z.infer<typeof reportDetailSchema>;

export function useReportDetail(id: number) {
  return useQuery({
    queryKey: [...reportsKey, 'detail', id],
    queryFn: async ({ signal }) => reportDetailSchema.parse(await api.get<unknown>(apiPaths.report(id), { signal })),
  });
}
