import { SETTINGS_READ_ONLY_FIELDS, ignoringReadOnly } from '../../../contracts/read-only';
import { notificationSettingsSchema, privacySettingsSchema } from '../../../contracts/settings';
import { type AppContext, newRouter } from '../../context';
import { assertSelf, requireUser } from '../../middleware/auth';
import { idParam, parse } from '../../middleware/validate';
import { NotificationSettings, PrivacySettings } from '../../models/settings';
import { User } from '../../models/user';
import { clearEmailBounce } from '../../services/email/bounces';

const PRIVACY_KEYS = ['profileVisibility', 'showOnlineStatus', 'showLastSeen', 'showPhoneNumber', 'showEmail', 'allowProfileScreenshots', 'blurPhotos', 'allowMessagesFrom', 'shareMoods'] as const;
const NOTIFICATION_KEYS = ['newMatches', 'newMessages', 'profileViews', 'appUpdates', 'emailNotifications', 'pushNotifications', 'pushMessageText', 'savedSearchEmails', 'digestFrequency'] as const;

function pick<T extends object, K extends keyof T>(row: T, keys: readonly K[]) {
  const out = {} as Pick<T, K> & { updatedAt?: string };
  for (const key of keys) out[key] = row[key];
  return out;
}

async function privacyOf(ctx: AppContext, userId: number) {
  const db = ctx.services.db;
  let row = await PrivacySettings.query(db).findById(userId);
  if (!row) row = await PrivacySettings.query(db).insertAndFetch({ userId, updatedAt: Date.now() });
  return row;
}

/** Whether mail to the member's address bounced (their mail server refused it), shown beside the email settings. */
async function emailBounceOf(ctx: AppContext, userId: number) {
  const row = await User.query(ctx.services.db).findById(userId).select('email', 'emailBouncedAt', 'emailBounceReason');
  if (!row?.emailBouncedAt) return null;
  return { address: row.email, at: new Date(row.emailBouncedAt).toISOString(), reason: row.emailBounceReason ?? '' };
}

async function notificationsOf(ctx: AppContext, userId: number) {
  const db = ctx.services.db;
  let row = await NotificationSettings.query(db).findById(userId);
  if (!row) row = await NotificationSettings.query(db).insertAndFetch({ userId, updatedAt: Date.now() });
  return row;
}

/** A member's own privacy and notification settings; nobody else reads or writes them. */
export function settingsRoutes() {
  const router = newRouter('/api/users');
  router.use(requireUser);

  router.get('/:userId/privacy-settings', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const row = await privacyOf(ctx, user.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { ...pick(row, PRIVACY_KEYS), updatedAt: new Date(row.updatedAt).toISOString() };
  });

  router.patch('/:userId/privacy-settings', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const input = parse(ignoringReadOnly(privacySettingsSchema.strict(), SETTINGS_READ_ONLY_FIELDS), (ctx.request as unknown as { body?: unknown }).body);
    await privacyOf(ctx, user.id);
    await PrivacySettings.query(ctx.services.db).findById(user.id).patch({ ...input, updatedAt: Date.now() });
    const row = await privacyOf(ctx, user.id);
    ctx.body = { message: 'Privacy settings updated', settings: { ...pick(row, PRIVACY_KEYS), updatedAt: new Date(row.updatedAt).toISOString() } };
  });

  router.get('/:userId/notification-settings', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const row = await notificationsOf(ctx, user.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { ...pick(row, NOTIFICATION_KEYS), emailBounce: await emailBounceOf(ctx, user.id), updatedAt: new Date(row.updatedAt).toISOString() };
  });

  // The member says their mailbox works again: mail to the address is sent again (it is marked anew if the
  // server refuses it again).
  router.delete('/:userId/email-bounce', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    await clearEmailBounce(ctx.services.db, user.id);
    ctx.body = { message: 'Emails will be sent to your address again' };
  });

  router.patch('/:userId/notification-settings', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const input = parse(ignoringReadOnly(notificationSettingsSchema.strict(), SETTINGS_READ_ONLY_FIELDS), (ctx.request as unknown as { body?: unknown }).body);
    await notificationsOf(ctx, user.id);
    await NotificationSettings.query(ctx.services.db).findById(user.id).patch({ ...input, updatedAt: Date.now() });
    const row = await notificationsOf(ctx, user.id);
    ctx.body = {
      message: 'Notification settings updated',
      settings: { ...pick(row, NOTIFICATION_KEYS), emailBounce: await emailBounceOf(ctx, user.id), updatedAt: new Date(row.updatedAt).toISOString() },
    };
  });

  return router;
}
