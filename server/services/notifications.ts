import type { NotificationType } from '../../contracts/enums';
import type { AppServices } from '../context';
import { Notification } from '../models/engagement';
import { NotificationSettings } from '../models/settings';
import { User } from '../models/user';
import { presentNotification } from '../presenters/notification';
import { deliverPush, queuePush } from './push/send';
import type { CatalogueId } from '../../member-ui/i18n/catalogue';
import { translate, type Values } from '../i18n';

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
  /**
   * The title and content as catalogue messages (server.notification.*): written in the recipient's language
   * (the list, its push and its live event then read in it); `title` and `content` are the English fallback.
   */
  localized?: { title: LocalizedMessage; content?: LocalizedMessage };
}

type LocalizedMessage = { id: CatalogueId; values?: Values };

/**
 * Creates a notification when the member's settings allow it, and pushes it to their open streams and (with the
 * configuration at hand) to the browsers they turned push on in. Returns null when the member turned that kind off.
 */
export async function notify(services: Pick<AppServices, 'db' | 'live'> & Partial<Pick<AppServices, 'config' | 'log'>>, input: NewNotification): Promise<Notification | null> {
  const setting = SETTING_FOR_TYPE[input.type];
  if (setting) {
    const row = await NotificationSettings.query(services.db).findById(input.userId).select(setting);
    if (row && !row[setting]) return null;
  }
  const recipient = await User.query(services.db).findById(input.userId).select('subscriptionTier', 'subscriptionEnds', 'language');
  const language = recipient?.language ?? 'en';
  const { localized } = input;
  const notification = await Notification.query(services.db).insertAndFetch({
    userId: input.userId,
    type: input.type,
    title: (localized ? translate(language, localized.title.id, localized.title.values) : input.title).slice(0, 200),
    content: localized?.content ? translate(language, localized.content.id, localized.content.values) : (input.content ?? null),
    relatedItemId: input.relatedItemId ?? null,
    sourceId: input.sourceId ?? null,
    sourceType: input.sourceType ?? null,
    actorUserId: input.actorUserId ?? null,
    isRead: false,
    createdAt: Date.now(),
  });
  const tier = { subscriptionTier: recipient?.subscriptionTier ?? 'tryme', subscriptionEnds: recipient?.subscriptionEnds ?? null };
  const shown = presentNotification(notification, tier);
  services.live.publish({ userId: input.userId, kind: 'notification', payload: { ...shown } });
  const { config, log } = services;
  if (config) {
    // Queued before the answer, so a push survives a restart; sent after it, so a slow push service does not
    // hold up the member who liked or wrote (the push-delivery job retries what fails).
    const queued = await queuePush(services.db, notification, shown);
    if (queued.length) {
      setImmediate(() => {
        for (const id of queued) deliverPush({ db: services.db, config, log }, id).catch((error: unknown) => log?.({ level: 'warn', msg: 'push failed', err: String(error) }));
      });
    }
  }
  return notification;
}
