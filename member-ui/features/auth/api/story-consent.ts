import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { translate } from '../../../i18n/translate';

export interface StoryConsentView {
  you: string | null;
  partner: string | null;
  status: 'pending' | 'accepted' | 'declined' | 'withdrawn';
  isPublished: boolean;
  /** The partner wrote it and sent it in (otherwise the Saathi team asks). */
  submittedByPartner?: boolean;
  /** `photos`: the exact photos asked about, opened through this link. */
  story: { matchDate: string; marriageDate: string | null; location: string | null; testimonial: string; photoCount: number; photos?: string[] };
}

const key = (token: string) => ['story-consent', token] as const;

/** GET /api/story-consent/{token}: the story a member is asked about, and their answer so far. */
export function useStoryConsent(token: string) {
  return useQuery({
    queryKey: key(token),
    queryFn: ({ signal }) => api.get<StoryConsentView>(`/api/story-consent/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });
}

export function useAnswerStoryConsent(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: 'accept' | 'decline' | 'withdraw') =>
      api.post<{ status: StoryConsentView['status']; message: string }>(`/api/story-consent/${encodeURIComponent(token)}`, { json: { answer } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(token) }),
  });
}

export function storyConsentError(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? translate('storyConsent.failed');
  return translate('appeal.offline');
}
