import { queryOptions } from '@tanstack/react-query';
import type { ShortlistEntryView } from '../../../contracts/shortlist';
import { api } from '../../lib/api-client';

/** The shortlist of the member's profile: one list, shared with the family helpers allowed to shortlist. */
export const shortlistPath = (profileId: number) => `/api/shortlist/${profileId}`;

export function shortlistQueryOptions(profileId: number) {
  return queryOptions({
    queryKey: [shortlistPath(profileId)],
    queryFn: ({ signal }) => api.get<ShortlistEntryView[]>(shortlistPath(profileId), { signal }),
  });
}

export const saveToShortlist = (profileId: number, savedProfileId: number, note: string) =>
  api.post<{ id: number; message: string }>(shortlistPath(profileId), { json: { savedProfileId, note: note.trim() || undefined } });

export const removeFromShortlist = (profileId: number, entryId: number) =>
  api.delete<{ message: string }>(`${shortlistPath(profileId)}/${entryId}`);
