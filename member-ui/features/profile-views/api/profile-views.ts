import { queryOptions } from '@tanstack/react-query';
import type { ProfileViewersView } from '../../../../contracts/profile-views';
import { api } from '../../../lib/api-client';

export const profileViewersPath = (userId: number) => `/api/profile-views/${userId}`;

export function profileViewersQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [profileViewersPath(userId)],
    queryFn: ({ signal }) => api.get<ProfileViewersView>(profileViewersPath(userId), { signal }),
  });
}
