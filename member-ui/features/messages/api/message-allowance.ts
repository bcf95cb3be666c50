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

/**
 * Messages left this calendar month (UTC). The API gives only the lifetime `messageCount`; it equals this
 * month's count when the account was created this month, so only then is `remaining` known.
 */
export function messageAllowance(user: Pick<SessionUser, 'messageCount' | 'createdAt'>, limit: number, now = new Date()): MessageAllowance {
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const created = Date.parse(user.createdAt);
  if (Number.isNaN(created) || created < monthStart) return { limit, remaining: null };
  return { limit, remaining: Math.max(0, limit - user.messageCount) };
}
