import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../../../contracts/auth';
import { api } from '../../../lib/api-client';

interface SubscriptionCatalogue {
  features: Record<string, { messageLimit: number | null } | undefined>;
}

/** The tryme monthly message limit from the catalogue (GET /api/subscriptions); the server's number, not ours. */
export function useTrymeMessageLimit(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/subscriptions'],
    queryFn: ({ signal }) => api.get<SubscriptionCatalogue>('/api/subscriptions', { signal }),
    enabled,
    select: (catalogue) => catalogue.features.tryme?.messageLimit ?? null,
  });
}

export interface MessageAllowance {
  limit: number;
  /** null when this month's count cannot be known from what the API returns */
  remaining: number | null;
}

/** Messages left this calendar month (UTC), from the server's count of this month's messages. */
export function messageAllowance(user: Pick<SessionUser, 'messagesThisMonth'>, limit: number): MessageAllowance {
  return { limit, remaining: Math.max(0, limit - user.messagesThisMonth) };
}
