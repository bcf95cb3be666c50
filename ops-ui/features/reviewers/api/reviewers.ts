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
