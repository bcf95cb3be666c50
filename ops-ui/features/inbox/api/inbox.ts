import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { api } from '../../../lib/api-client';
import { apiPaths, withQuery } from '../../../lib/paths';

export type InboxFilter = 'open' | 'handled' | 'all';

const contactMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  /** The member who wrote, when they were signed in. */
  userId: z.number().nullish(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

const outboxEmailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  body: z.string().nullable(),
  kind: z.string().nullable(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
  /** delivery attempts so far; a failed attempt is retried at nextAttemptAt until failedAt gives it up */
  attempts: z.number().default(0),
  nextAttemptAt: z.string().nullable().default(null),
  failedAt: z.string().nullable().default(null),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

const contactPageSchema = z.object({ items: z.array(contactMessageSchema), total: z.number() });
const outboxPageSchema = z.object({ items: z.array(outboxEmailSchema), total: z.number() });

export interface InboxQuery {
  filter: InboxFilter;
  page: number;
  pageSize: number;
}

export const inboxKey = ['ops', 'inbox'] as const;

function listUrl(path: string, query: InboxQuery): string {
  return withQuery(path, {
    status: query.filter === 'all' ? undefined : query.filter,
    page: query.page,
    pageSize: query.pageSize,
  });
}

export function useContactMessages(query: InboxQuery) {
  return useQuery({
    queryKey: [...inboxKey, 'contact', query],
    queryFn: async ({ signal }) =>
      contactPageSchema.parse(await api.get<unknown>(listUrl(apiPaths.inboxContact, query), { signal })),
    placeholderData: keepPreviousData,
  });
}

export function useOutbox(query: InboxQuery) {
  return useQuery({
    queryKey: [...inboxKey, 'outbox', query],
    queryFn: async ({ signal }) =>
      outboxPageSchema.parse(await api.get<unknown>(listUrl(apiPaths.inboxOutbox, query), { signal })),
    placeholderData: keepPreviousData,
  });
}

export function useMarkHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ box, id }: { box: 'contact' | 'outbox'; id: number }) =>
      api.post<unknown>(box === 'contact' ? apiPaths.inboxContactHandled(id) : apiPaths.inboxOutboxHandled(id)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inboxKey }),
        queryClient.invalidateQueries({ queryKey: ['ops', 'dashboard'] }),
      ]),
  });
}
