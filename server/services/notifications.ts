import type { NotificationType } from '../../contracts/enums';
import type { AppServices } from '../context';
import { Notification } from '../models/engagement';
import { presentNotification } from '../presenters/notification';

/** Which notification setting governs each type; types not listed are always delivered. */
const SETTING_FOR_TYPE: Partial<Record<NotificationType, 'newMatches' | 'newMessages' | 'profileViews'>> = {
  match: 'newMatches',
  message: 'newMessages',
  profile_view: 'profileViews',
};

export interface NewNotification {
  userId: number;
  type: NotificationType;
  title: string;
  content?: string | null;
  relatedItemId?: number | null;
  sourceId?: number | null;
  sourceType?: string | null;
  actorUserId?: number | null;
}

/**
 * Creates a notification when the member's settings allow it, and pushes it to their open streams.
 * Returns null when the member turned that kind off.
 */
export async function notify(services: Pick<AppServices, 'db' | 'live'>, input: NewNotification): Promise<Notification | null> {
  const setting = SETTING_FOR_TYPE[input.type];
  if (setting) {
    const row = await services.db('notification_settings').where({ userId: input.userId }).first();
    if (row && !Number(row[setting]) && row[setting] !== true) return null;
  }
  const notification = await Notification.query(services.db).insertAndFetch({
    userId: input.userId,
    type: input.type,
    title: input.title.slice(0, 200),
    content: input.content ?? null,
    relatedItemId: input.relatedItemId ?? null,
    sourceId: input.sourceId ?? null,
    sourceType: input.sourceType ?? null,
    actorUserId: input.actorUserId ?? null,
    isRead: false,
    createdAt: Date.now(),
  });
  const recipient = await services.db('users').where({ id: input.userId }).first('subscriptionTier', 'subscriptionEnds');
  const tier = { subscriptionTier: recipient?.subscriptionTier ?? 'tryme', subscriptionEnds: recipient?.subscriptionEnds === null || recipient === undefined ? null : Number(recipient.subscriptionEnds) };
  services.live.publish({ userId: input.userId, kind: 'notification', payload: { ...presentNotification(notification, tier) } });
  return notification;
}
