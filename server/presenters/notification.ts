import type { CatalogueId } from '../../contracts/i18n/catalogue-ids';
import type { Language } from '../../contracts/i18n/languages';
import type { NotificationView } from '../../contracts/views';
import { translate } from '../i18n';
import type { Notification } from '../models/engagement';
import { type TierHolder, seesWhoLikedThem } from '../policies/tier';

const HIDDEN_LIKER = { title: 'server.notification.likeTitle', content: 'server.notification.hiddenWho' } as const satisfies Record<string, CatalogueId>;
const HIDDEN_VIEWER = { title: 'server.notification.viewTitle', content: 'server.notification.hiddenWho' } as const satisfies Record<string, CatalogueId>;

/**
 * A notification as its recipient may see it: a like or a profile view on a tryme account says that someone liked
 * or viewed them, not who (no name, no profile or user id to follow), decided when shown, so an upgrade reveals
 * the earlier ones too. The bell, the live stream and push all show this presentation. `recipient` is whose plan
 * decides: for a helper's copy about a candidate (`forProfile`), the candidate's. What replaces the hidden words is
 * in the reader's `language`.
 */
export function presentNotification(n: Notification, recipient: TierHolder, forProfile: NotificationView['forProfile'] = null, language: Language = 'en'): NotificationView {
  const hidden = n.type === 'like' || n.type === 'profile_like' ? HIDDEN_LIKER : n.type === 'profile_view' ? HIDDEN_VIEWER : null;
  const hideWho = hidden !== null && !seesWhoLikedThem(recipient);
  return {
    id: n.id,
    userId: n.userId,
    type: n.type,
    // A family copy's title names the candidate, never who liked them ("Someone liked Arjun's profile").
    title: hideWho && !forProfile ? translate(language, hidden.title) : n.title,
    content: hideWho ? translate(language, hidden.content) : n.content,
    relatedItemId: hideWho ? null : n.relatedItemId,
    sourceId: hideWho ? null : n.sourceId,
    sourceType: hideWho ? null : n.sourceType,
    isRead: n.isRead,
    is_read: n.isRead,
    forProfile,
    createdAt: new Date(n.createdAt).toISOString(),
  };
}
