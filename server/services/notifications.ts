import type { NotificationType } from '../../contracts/enums';
import type { AppServices } from '../context';
import type { NotificationView } from '../../contracts/views';
import type { Db } from '../db';
import { Notification } from '../models/engagement';
import { readRows } from '../db';
import type { TierHolder } from '../policies/tier';
import { copyContextsOf, familyCopiesOf } from './family/notices';
import { User } from '../models/user';
import { presentNotification } from '../presenters/notification';
import { deliverPush, queuePush } from './push/send';
import type { CatalogueId } from '../../contracts/i18n/catalogue-ids';
import { translate, type Values } from '../i18n';
import { isLanguage } from '../../contracts/i18n/languages';

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
  /** a helper's copy about the profile they help with (see services/family/notices) */
  forProfileId?: number | null;
}

type LocalizedMessage = { id: CatalogueId; values?: Values };

/**
 * A notification's words as catalogue messages: `localized` for notify, and the English `title` and `content` it
 * keeps beside them, made from the same messages.
 */
export function worded(title: LocalizedMessage, content?: LocalizedMessage): Pick<NewNotification, 'title' | 'content' | 'localized'> {
  return {
    title: translate('en', title.id, title.values),
    content: content ? translate('en', content.id, content.values) : null,
    localized: { title, content },
  };
}

/**
 * What notify needs of the recipient, in one statement: their language (the notification is written in it), their
 * tier (a like or a view on a tryme account is shown without who), their notification settings, and whether they
 * have a device to push to, and whether their profile has active family (who hear of it too). Every like, match,
 * message and profile view notifies someone.
 */
const RECIPIENT_SQL = `
  SELECT u.subscription_tier AS "subscriptionTier", u.subscription_ends AS "subscriptionEnds", u.language AS "language", ns.user_id AS "settingsOf",
    ns.new_matches AS "newMatches", ns.new_messages AS "newMessages", ns.profile_views AS "profileViews", ns.push_notifications AS "pushNotifications",
    EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id) AS "hasDevice",
    EXISTS (SELECT 1 FROM profiles p JOIN family_members fm ON fm.profile_id = p.id
      WHERE p.user_id = u.id AND p.is_deleted = FALSE AND fm.status = 'active' AND fm.user_id <> u.id) AS "hasFamily"
  FROM users u
  LEFT JOIN notification_settings ns ON ns.user_id = u.id
  WHERE u.id = ?`;

const on = (value: unknown) => Boolean(Number(value));

/**
 * Creates a notification when the member's settings allow it, and pushes it to their open streams and (with the
 * configuration at hand) to the browsers they turned push on in. Returns null when the member turned that kind off.
 */
export async function notify(services: Pick<AppServices, 'db' | 'live'> & Partial<Pick<AppServices, 'config' | 'log'>>, input: NewNotification): Promise<Notification | null> {
  const [recipient] = await readRows<Record<string, unknown>>(services.db, RECIPIENT_SQL, [input.userId]);
  const hasSettings = recipient?.settingsOf !== null && recipient?.settingsOf !== undefined;
  const setting = SETTING_FOR_TYPE[input.type];
  if (setting && hasSettings && !on(recipient[setting])) return null;
  const language = isLanguage(recipient?.language) ? recipient.language : 'en';
  const { localized } = input;
  // One statement on both databases (an insert and then a read otherwise).
  const [row] = await services.db('notifications')
    .insert({
      userId: input.userId,
      type: input.type,
      title: (localized ? translate(language, localized.title.id, localized.title.values) : input.title).slice(0, 200),
      content: localized?.content ? translate(language, localized.content.id, localized.content.values) : (input.content ?? null),
      relatedItemId: input.relatedItemId ?? null,
      sourceId: input.sourceId ?? null,
      sourceType: input.sourceType ?? null,
      actorUserId: input.actorUserId ?? null,
      forProfileId: input.forProfileId ?? null,
      isRead: false,
      createdAt: Date.now(),
    })
    .returning('*');
  const notification = Notification.fromDatabaseJson(row);
  // The member's own notification is shown by their own plan, read above; a helper's copy by the candidate's.
  const tier: TierHolder = {
    subscriptionTier: (recipient?.subscriptionTier as TierHolder['subscriptionTier'] | undefined) ?? 'tryme',
    subscriptionEnds: recipient?.subscriptionEnds === null || recipient?.subscriptionEnds === undefined ? null : Number(recipient.subscriptionEnds),
  };
  const shown = notification.forProfileId ? (await presentNotifications(services.db, [notification], input.userId))[0] : presentNotification(notification, tier, null, language);
  services.live.publish({ userId: input.userId, kind: 'notification', payload: { ...shown } });
  const { config, log } = services;
  // queuePush queues nothing for a member with push off or no device: known here already.
  const mayPush = on(recipient?.hasDevice) && (!hasSettings || on(recipient.pushNotifications));
  if (config && mayPush) {
    // Queued before the answer, so a push survives a restart; sent after it, so a slow push service does not
    // hold up the member who liked or wrote (the push-delivery job retries what fails).
    const queued = await queuePush(services.db, notification, shown);
    if (queued.length) {
      setImmediate(() => {
        for (const id of queued) deliverPush({ db: services.db, config, log }, id).catch((error: unknown) => log?.({ level: 'warn', msg: 'push failed', err: String(error) }));
      });
    }
  }
  if (!input.forProfileId && on(recipient?.hasFamily)) {
    // The candidate's family hear of what they may act on, in their own notifications (their own settings apply).
    for (const copy of await familyCopiesOf(services.db, input)) {
      // The family's own message (services/family/notices), written in each family member's language.
      await notify(services, { ...input, ...copy });
    }
  }
  return notification;
}

/**
 * Notifications as their recipient may see them: their own by their own plan; a helper's copy about a candidate by
 * the candidate's plan (it governs what the helper sees for them), labelled with the candidate's first name.
 */
export async function presentNotifications(db: Db, rows: Notification[], recipientId: number): Promise<NotificationView[]> {
  const recipient = await User.query(db).findById(recipientId).select('subscriptionTier', 'subscriptionEnds', 'language');
  const own = { subscriptionTier: recipient?.subscriptionTier ?? 'tryme', subscriptionEnds: recipient?.subscriptionEnds ?? null };
  const copies = await copyContextsOf(db, rows.flatMap((r) => (r.forProfileId ? [r.forProfileId] : [])));
  return rows.map((row) => {
    const copy = row.forProfileId ? copies.get(row.forProfileId) : undefined;
    return presentNotification(row, copy?.tier ?? own, copy && row.forProfileId ? { profileId: row.forProfileId, name: copy.name } : null, recipient?.language);
  });
}
