import { hrefs } from '../../../lib/paths';
import type { AppNotification } from './notifications-list';

/**
 * Where a notification leads (docs/notifications.md): message → the chat with the sender (relatedItemId is the
 * sender's user id), and a missed call → the chat with the caller; likes, views and matches → that profile;
 * subscription → /subscription; verification → the member's own profile; report_outcome → /notifications; a like that names no one (tryme) → /subscription, a view
 * that names no one → /profile-views; a request to agree to a success story → /stories, where the member reads it
 * and answers; a family suggestion, made or answered → /family. null when it leads nowhere.
 */
export function notificationTarget(notification: Pick<AppNotification, 'type' | 'relatedItemId'> & { sourceType?: string | null }): string | null {
  const id = notification.relatedItemId;
  if (notification.sourceType === 'story_consent') return '/stories';
  // A suggestion made or answered: the family's suggestions are on the Family page.
  if (notification.sourceType === 'family_suggestion') return '/family';
  switch (notification.type) {
    case 'message':
    case 'missed_call':
      return id === null ? '/messages' : hrefs.chat(id);
    case 'like':
    case 'profile_like':
      // A tryme member's like notification names no one: it leads to the plans that show who.
      return id === null ? '/subscription' : hrefs.profileView(id);
    case 'profile_view':
      // A tryme member's view notification names no one: it leads to "Who viewed me" (a count, and the plans).
      return id === null ? '/profile-views' : hrefs.profileView(id);
    case 'match':
      return id === null ? null : hrefs.profileView(id);
    case 'subscription':
      return '/subscription';
    case 'verification':
      return '/profile';
    case 'report_outcome':
      // The answer to a report says nothing more than its title: it stays on the notifications page.
      return '/notifications';
    default:
      return null;
  }
}
