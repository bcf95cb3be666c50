import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { api } from '../../../lib/api-client';
import { apiPaths, withQuery } from '../../../lib/paths';

const auditEntrySchema = z.object({
  id: z.number(),
  actor: z.object({ id: z.number().nullable(), fullName: z.string().nullable(), role: z.string().nullable() }),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.number().nullable(),
  details: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const auditPageSchema = z.object({ items: z.array(auditEntrySchema), total: z.number() });

export interface AuditQuery {
  /** Matches actions starting with this text: "story." lists every story action. */
  action?: string;
  actor?: number;
  page: number;
  pageSize: number;
}

export function useAuditLog(query: AuditQuery) {
  return useQuery({
    queryKey: ['ops', 'audit', query],
    queryFn: async ({ signal }) =>
      auditPageSchema.parse(await api.get<unknown>(withQuery(apiPaths.audit, { ...query }), { signal })),
    placeholderData: keepPreviousData,
  });
}
