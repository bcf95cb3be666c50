import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { api } from '../../../lib/api-client';
import { apiPaths, withQuery } from '../../../lib/paths';

export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const verificationRequestSchema = z.object({
  id: z.number(),
  status: z.enum(VERIFICATION_STATUSES),
  documentType: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullish(),
  rejectionReason: z.string().nullish(),
  /** The reviewer who approved or rejected it. */
  decidedBy: z.object({ id: z.number(), fullName: z.string().nullable() }).nullish(),
  user: z.object({ id: z.number(), fullName: z.string(), username: z.string(), email: z.string() }),
  /** Readable by reviewers only, and only until the request is decided. */
  selfieUrl: z.string().nullable(),
  documentUrl: z.string().nullable(),
  profilePhotos: z.array(z.string()),
  /** What the ID must agree with, from the member's profile (null: no profile yet). */
  profile: z.object({ dateOfBirth: z.string().nullable(), gender: z.string().nullable(), country: z.string().nullable() }).nullish(),
});
export type VerificationRequest = z.infer<typeof verificationRequestSchema>;

const verificationPageSchema = z.object({ items: z.array(verificationRequestSchema), total: z.number() });
export type VerificationPage = z.infer<typeof verificationPageSchema>;

export interface VerificationQuery {
  status: VerificationStatus;
  page: number;
  pageSize: number;
}

export const verificationsKey = ['ops', 'verifications'] as const;

export async function fetchVerifications(query: VerificationQuery, signal?: AbortSignal): Promise<VerificationPage> {
  const body = await api.get<unknown>(withQuery(apiPaths.verifications, { ...query }), { signal });
  return verificationPageSchema.parse(body);
}

/** Pending requests come oldest first (the server's order), decided ones newest first. */
export function useVerifications(query: VerificationQuery) {
  return useQuery({
    queryKey: [...verificationsKey, query],
    queryFn: ({ signal }) => fetchVerifications(query, signal),
    placeholderData: keepPreviousData,
  });
}

function useAfterDecision() {
  const queryClient = useQueryClient();
  // Waiting for the refetch keeps the decided request from flashing back into the queue.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: verificationsKey }),
      queryClient.invalidateQueries({ queryKey: ['ops', 'dashboard'] }),
    ]);
}

export function useApproveVerification() {
  const afterDecision = useAfterDecision();
  return useMutation({
    mutationFn: (id: number) => api.post<unknown>(apiPaths.verificationApprove(id)),
    onSuccess: afterDecision,
  });
}

export function useRejectVerification() {
  const afterDecision = useAfterDecision();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post<unknown>(apiPaths.verificationReject(id), { json: { reason } }),
    onSuccess: afterDecision,
  });
}
