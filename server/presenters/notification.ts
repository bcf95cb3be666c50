import type { NotificationView } from '../../contracts/views';
import type { Notification } from '../models/engagement';

export function presentNotification(n: Notification): NotificationView {
  return {
    id: n.id,
    userId: n.userId,
    type: n.type,
    title: n.title,
    content: n.content,
    relatedItemId: n.relatedItemId,
    sourceId: n.sourceId,
    sourceType: n.sourceType,
    isRead: n.isRead,
    is_read: n.isRead,
    createdAt: new Date(n.createdAt).toISOString(),
  };
}
