import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import type { storySchema } from '../../../../contracts/ops';
import { api } from '../../../lib/api-client';
import { apiPaths, withQuery } from '../../../lib/paths';

const memberRefSchema = z.object({ id: z.number(), fullName: z.string(), username: z.string() });
export type MemberRef = z.infer<typeof memberRefSchema>;

const consentSchema = z
  .object({ status: z.enum(['pending', 'accepted', 'declined', 'withdrawn']), requestedAt: z.string().nullable(), respondedAt: z.string().nullable() })
  .nullable();
export type Consent = z.infer<typeof consentSchema>;

const storyRowSchema = z.object({
  id: z.number(),
  user1: memberRefSchema.nullable(),
  user2: memberRefSchema.nullable(),
  /** Each member's answer to the request to publish; null until asked. */
  consent: z.object({ user1: consentSchema, user2: consentSchema }),
  /** The member who wrote it and sent it in (null: the team wrote it). */
  submittedBy: memberRefSchema.nullish(),
  photoKeys: z.array(z.string()),
  matchDate: z.string(),
  marriageDate: z.string().nullable(),
  location: z.string().nullable(),
  testimonial: z.string(),
  photos: z.array(z.string()),
  isPublished: z.boolean(),
  sortOrder: z.number(),
  publishedAt: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type Story = z.infer<typeof storyRowSchema>;

export type StoryInput = z.output<typeof storySchema>;

/** At most two photos of the couple per story (the server refuses a third). */
export const MAX_STORY_PHOTOS = 2;

export const storiesKey = ['ops', 'stories'] as const;

/** Every story, in the order the site shows them (sortOrder, then newest). */
export function useStories() {
  return useQuery({
    queryKey: storiesKey,
    queryFn: async ({ signal }) => z.array(storyRowSchema).parse(await api.get<unknown>(apiPaths.stories, { signal })),
  });
}

export function useMemberLookup(q: string) {
  return useQuery({
    queryKey: ['ops', 'member-lookup', q],
    queryFn: async ({ signal }) =>
      z.array(memberRefSchema).parse(await api.get<unknown>(withQuery(apiPaths.memberLookup, { q }), { signal })),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

function useStoryMutation<TVariables>(request: (variables: TVariables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: TVariables) => storyRowSchema.parse(await request(variables)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storiesKey }),
  });
}

export function useCreateStory() {
  return useStoryMutation((input: StoryInput) => api.post<unknown>(apiPaths.stories, { json: input }));
}

export function useUpdateStory() {
  return useStoryMutation(({ id, input }: { id: number; input: Partial<StoryInput> }) =>
    api.patch<unknown>(apiPaths.story(id), { json: input }),
  );
}

export function useSetStoryPublished() {
  return useStoryMutation(({ id, publish }: { id: number; publish: boolean }) =>
    api.post<unknown>(publish ? apiPaths.storyPublish(id) : apiPaths.storyUnpublish(id)),
  );
}

export function useUploadStoryPhoto() {
  return useStoryMutation(({ id, file }: { id: number; file: File }) => {
    const form = new FormData();
    form.append('photo', file, file.name);
    return api.post<unknown>(apiPaths.storyPhotos(id), { body: form });
  });
}

/** Asks both members (in the app and by email) whether the story may be published with their names. */
export function useRequestConsent() {
  return useStoryMutation((id: number) => api.post<unknown>(apiPaths.storyConsent(id)));
}

export function useRemoveStoryPhoto() {
  return useStoryMutation(({ id, fileKey }: { id: number; fileKey: string }) => api.delete<unknown>(apiPaths.storyPhoto(id, fileKey)));
}

export function useDeleteStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(apiPaths.story(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storiesKey }),
  });
}

export function bothAgreed(story: Story): boolean {
  return story.consent.user1?.status === 'accepted' && story.consent.user2?.status === 'accepted';
}
