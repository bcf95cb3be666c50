import * as z from 'zod';
import { type AppContext, newRouter } from '../../context';
import { badRequest, notFound } from '../../errors';
import { assertSelf, currentUser, requireUser } from '../../middleware/auth';
import { idParam, parse } from '../../middleware/validate';
import { Notification } from '../../models/engagement';
import { Profile } from '../../models/profile';
import { activeHelpedProfileIds } from '../../services/family/notices';
import { presentNotifications } from '../../services/notifications';
import { loadProfile, recordProfileView, visibleProfile } from '../../services/profiles';
export function notificationRoutes() {
  const router = newRouter('/api/notifications');
  router.use(requireUser);

  // A member's notifications: their own, and copies about the profiles they help with now (not those they left).
  const shownTo = (ctx: AppContext, userId: number, helped: number[]) =>
    Notification.query(ctx.services.db)
      .where({ userId })
      .where((q) => q.whereNull('forProfileId').orWhereIn('forProfileId', helped));

  router.get('/:userId/count', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const count = await shownTo(ctx, user.id, await activeHelpedProfileIds(ctx.services.db, user.id)).where({ isRead: false }).resultSize();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { count };
  });

  router.get('/:userId', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const rows = await shownTo(ctx, user.id, await activeHelpedProfileIds(ctx.services.db, user.id)).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(100);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await presentNotifications(ctx.services.db, rows, user.id);
  });

  router.patch('/:id/mark-read', async (ctx) => {
    const user = currentUser(ctx);
    const id = idParam(ctx.params.id);
    const notification = await Notification.query(ctx.services.db).findById(id);
    // Someone else's notification is "not found", never "forbidden": ids reveal nothing.
    if (!notification || notification.userId !== user.id) throw notFound('Notification not found');
    if (!notification.isRead) await Notification.query(ctx.services.db).findById(id).patch({ isRead: true });
    ctx.body = (await presentNotifications(ctx.services.db, [{ ...notification, isRead: true } as Notification], user.id))[0];
  });

  router.patch('/:userId/mark-all-read', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const updated = await Notification.query(ctx.services.db).where({ userId: user.id, isRead: false }).patch({ isRead: true });
    ctx.body = { message: 'All notifications marked as read', updated };
  });

  // Clients may create only the profile-view kind, for a profile they are viewing; the server words it and
  // applies the once-a-day rule and the owner's profileViews setting.
  router.post('/', async (ctx) => {
    const viewer = currentUser(ctx);
    const input = parse(createNotificationSchema, (ctx.request as unknown as { body?: unknown }).body);
    if (input.type !== 'profile_view') throw badRequest('Only profile views can be reported by the app');
    const profileId = input.profileId ?? (input.sourceType === 'profile' ? input.sourceId : undefined) ?? input.relatedItemId;
    const byUser = input.userId ? await Profile.query(ctx.services.db).where({ userId: input.userId, isDeleted: false }).select('id').first() : undefined;
    const id = profileId ?? byUser?.id;
    if (!id) throw badRequest('Say which profile was viewed');
    const { profile } = await visibleProfile(ctx.services.db, viewer, await loadProfile(ctx.services.db, id));
    if (input.userId && profile.userId !== input.userId) throw badRequest('That profile does not belong to that member');
    const created = await recordProfileView(ctx.services, viewer, profile);
    ctx.status = created ? 201 : 200;
    ctx.body = { recorded: created };
  });

  return router;
}

const createNotificationSchema = z.object({
  userId: z.coerce.number().int().positive().optional(),
  type: z.string({ error: 'type is required' }),
  title: z.string().max(200).optional(),
  content: z.string().max(1000).optional(),
  sourceId: z.coerce.number().int().positive().optional(),
  sourceType: z.string().max(32).optional(),
  relatedItemId: z.coerce.number().int().positive().optional(),
  profileId: z.coerce.number().int().positive().optional(),
});
