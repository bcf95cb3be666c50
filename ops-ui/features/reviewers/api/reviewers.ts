import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import type { createReviewerSchema } from '../../../../contracts/ops';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

const reviewerSchema = z.object({
  id: z.number(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['reviewer', 'admin']),
  status: z.string(),
  createdAt: z.string(),
});
export type Reviewer = z.infer<typeof reviewerSchema>;

export type NewReviewer = z.output<typeof createReviewerSchema>;

export const reviewersKey = ['ops', 'reviewers'] as const;

export function useReviewers() {
  return useQuery({
    queryKey: reviewersKey,
    queryFn: async ({ signal }) => z.array(reviewerSchema).parse(await api.get<unknown>(apiPaths.reviewers, { signal })),
  });
}

export function useCreateReviewer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewReviewer) => api.post<unknown>(apiPaths.reviewers, { json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewersKey }),
  });
}

export type StaffAction = { kind: 'deactivate'; note?: string } | { kind: 'reactivate' } | { kind: 'role'; role: 'reviewer' | 'admin' } | { kind: 'reset' };

/** Deactivate / reactivate, change role, send a password reset; the server answers with a sentence to show. */
export function useStaffAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: StaffAction }) => {
      const json = action.kind === 'role' ? { role: action.role } : action.kind === 'deactivate' && action.note ? { note: action.note } : {};
      return z.object({ message: z.string() }).parse(await api.post<unknown>(apiPaths.reviewerAction(id, action.kind), { json }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewersKey }),
  });
}
