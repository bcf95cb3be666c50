import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { api } from '../../../lib/api-client';
import { apiPaths, withQuery } from '../../../lib/paths';
import { auditItemSchema } from '../../../lib/records';

export type { AuditItem as AuditEntry } from '../../../lib/records';

const auditPageSchema = z.object({ items: z.array(auditItemSchema), total: z.number() });

export const AUDIT_KIND_VALUES = ['actions', 'sign_ins'] as const;

export interface AuditQuery {
  /** Matches actions starting with this text: "story." lists every story action. */
  action?: string;
  actor?: number;
  /** The member the entries concern. */
  member?: number;
  targetType?: string;
  kind?: (typeof AUDIT_KIND_VALUES)[number];
  page: number;
  pageSize: number;
}

export function useAuditLog(query: AuditQuery) {
  return useQuery({
    queryKey: ['ops', 'audit', query],
    queryFn: async ({ signal }) => auditPageSchema.parse(await api.get<unknown>(withQuery(apiPaths.audit, { ...query }), { signal })),
    placeholderData: keepPreviousData,
  });
}

const actorSchema = z.array(z.object({ id: z.number(), fullName: z.string(), role: z.string(), status: z.string() }));

/** Reviewers and admins, for the actor filter. */
export function useAuditActors() {
  return useQuery({
    queryKey: ['ops', 'audit', 'actors'],
    queryFn: async ({ signal }) => actorSchema.parse(await api.get<unknown>(apiPaths.auditActors, { signal })),
    staleTime: 60_000,
  });
}
