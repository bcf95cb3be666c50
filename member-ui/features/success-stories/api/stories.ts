import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberStoryView } from '../../../../contracts/stories';
import type { MutualMatchView } from '../../../../contracts/views';
import { api, isApiError } from '../../../lib/api-client';
import { translate } from '../../../i18n/translate';

export const myStoriesKey = ['success-stories', 'mine'] as const;

/** GET /api/success-stories/mine: the stories the member is part of, with both answers. */
export function useMyStories() {
  return useQuery({
    queryKey: myStoriesKey,
    queryFn: ({ signal }) => api.get<MemberStoryView[]>('/api/success-stories/mine', { signal }),
  });
}

/** The member's matches (the same request and cache as the Matches tab): a story is told with one of them. */
export function useMatchesForStory(userId: number) {
  return useQuery({
    queryKey: [`/api/users/${userId}/matches`],
    queryFn: ({ signal }) => api.get<MutualMatchView[]>(`/api/users/${userId}/matches`, { signal }),
    enabled: userId > 0,
  });
}

export interface NewStory {
  partnerUserId: number;
  matchDate: string;
  marriageDate: string;
  location: string;
  testimonial: string;
  photos: File[];
}

/** POST /api/success-stories as a multipart form: the text and up to two photos. */
export function useSubmitStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (story: NewStory) => {
      const form = new FormData();
      form.append('partnerUserId', String(story.partnerUserId));
      form.append('matchDate', story.matchDate);
      form.append('marriageDate', story.marriageDate);
      form.append('location', story.location);
      form.append('testimonial', story.testimonial);
      for (const photo of story.photos) form.append('photos', photo, photo.name);
      return api.post<MemberStoryView>('/api/success-stories', { body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myStoriesKey }),
  });
}

export type StoryTextChanges = Partial<Pick<MemberStoryView, 'matchDate' | 'marriageDate' | 'location' | 'testimonial'>>;

/** PATCH /api/success-stories/{id}: the member's change is their consent; the other member is asked again. */
export function useEditStory(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: StoryTextChanges) => api.patch<MemberStoryView>(`/api/success-stories/${id}`, { json: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myStoriesKey }),
  });
}

export function useAddStoryPhoto(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photo: File) => {
      const form = new FormData();
      form.append('photo', photo, photo.name);
      return api.post<MemberStoryView>(`/api/success-stories/${id}/photos`, { body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myStoriesKey }),
  });
}

export function useRemoveStoryPhoto(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileKey: string) => api.delete<MemberStoryView>(`/api/success-stories/${id}/photos/${encodeURIComponent(fileKey)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myStoriesKey }),
  });
}

/** POST /api/success-stories/{id}/consent: agree, decline, or withdraw, from inside the app. */
export function useAnswerStory(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: 'accept' | 'decline' | 'withdraw') => api.post<MemberStoryView>(`/api/success-stories/${id}/consent`, { json: { answer } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myStoriesKey }),
  });
}

export function storyError(error: unknown, fallback = translate('stories.error.generic')): string {
  if (isApiError(error)) return error.serverMessage ?? fallback;
  return translate('stories.error.offline');
}

/** The field a 400 names (`{message, field}`), to show the message under it. */
export function errorField(error: unknown): string | null {
  return isApiError(error) && error.status === 400 ? (error.field ?? null) : null;
}
