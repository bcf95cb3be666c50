import type { NotificationView } from '../../contracts/views';
import type { Notification } from '../models/engagement';
import { type TierHolder, seesWhoLikedThem } from '../policies/tier';

export const HIDDEN_LIKER = { title: 'Someone liked your profile', content: 'Upgrade to Premium or Elite to see who.' } as const;

/**
 * A notification as its recipient may see it: a like on a tryme account says that someone liked them, not who
 * (no name, no profile or user id to follow), decided when shown, so an upgrade reveals the earlier likes too.
 */
export function presentNotification(n: Notification, recipient: TierHolder): NotificationView {
  const hideLiker = (n.type === 'like' || n.type === 'profile_like') && !seesWhoLikedThem(recipient);
  return {
    id: n.id,
    userId: n.userId,
    type: n.type,
    title: hideLiker ? HIDDEN_LIKER.title : n.title,
    content: hideLiker ? HIDDEN_LIKER.content : n.content,
    relatedItemId: hideLiker ? null : n.relatedItemId,
    sourceId: hideLiker ? null : n.sourceId,
    sourceType: hideLiker ? null : n.sourceType,
    isRead: n.isRead,
    is_read: n.isRead,
    createdAt: new Date(n.createdAt).toISOString(),
  };
}
