import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { api } from '../../../lib/api-client';
import { apiPaths, withQuery } from '../../../lib/paths';
import { conversationSchema, person, profileSummarySchema, reportSummarySchema, senderConversationSchema } from '../../../lib/records';

export const APPEAL_STATUSES = ['open', 'upheld', 'overturned'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export type AppealDecision = 'uphold' | 'overturn';

const appealSchema = z.object({
  id: z.number(),
  status: z.string(),
  message: z.string().nullable(),
  createdAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: person,
  decisionReason: z.string().nullable(),
  member: z.object({ id: z.number(), fullName: z.string().nullable(), status: z.string().nullable(), suspendedUntil: z.string().nullable(), profileId: z.number().nullable() }),
  suspension: z
    .object({
      id: z.number(),
      kind: z.enum(['suspension', 'ban']),
      until: z.string().nullable(),
      note: z.string(),
      createdAt: z.string().nullable(),
      suspendedBy: person,
      reportId: z.number().nullable(),
      endedAt: z.string().nullable(),
    })
    .nullable(),
});
export type Appeal = z.infer<typeof appealSchema>;

const appealPageSchema = z.object({ items: z.array(appealSchema), total: z.number() });

const appealDetailSchema = appealSchema.extend({
  mayDecide: z.boolean(),
  whyNot: z.string().nullable(),
  originalReport: reportSummarySchema
    .extend({
      reportedProfile: profileSummarySchema.nullable(),
      conversation: conversationSchema,
      senderConversations: z.array(senderConversationSchema),
    })
    .nullable(),
});
export type AppealDetail = z.infer<typeof appealDetailSchema>;

export const appealsKey = ['ops', 'appeals'] as const;

/** Open appeals come oldest first. */
export function useAppeals(query: { status: AppealStatus; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...appealsKey, query],
    queryFn: async ({ signal }) => appealPageSchema.parse(await api.get<unknown>(withQuery(apiPaths.appeals, { ...query }), { signal })),
    placeholderData: keepPreviousData,
  });
}

export function useAppealDetail(id: number) {
  return useQuery({
    queryKey: [...appealsKey, 'detail', id],
    queryFn: async ({ signal }) => appealDetailSchema.parse(await api.get<unknown>(apiPaths.appeal(id), { signal })),
  });
}

export function useAppealDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: AppealDecision; reason: string }) =>
      api.post<unknown>(apiPaths.appealDecision(id, decision), { json: { reason } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appealsKey }),
        queryClient.invalidateQueries({ queryKey: ['ops', 'members'] }),
        queryClient.invalidateQueries({ queryKey: ['ops', 'dashboard'] }),
      ]),
  });
}
