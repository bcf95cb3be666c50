import { newRouter } from '../../context';
import { notFound, unprocessable } from '../../errors';
import { assertSelf, requireUser } from '../../middleware/auth';
import { idParam, parse, requestBody } from '../../middleware/validate';
import { loadVapidKeys } from '../../keys';
import { PushSubscription } from '../../models/delivery';
import { endpointProblem, endpointHash, listSubscriptions, pushSubscriptionSchema, saveSubscription } from '../../services/push/subscriptions';

/**
 * Web Push: the server's public (VAPID) key a browser subscribes with, and a member's own subscriptions: add this
 * browser, list them, remove one (from its own browser by endpoint, or from the list by id).
 */
export function pushRoutes() {
  const router = newRouter('/api');

  router.get('/push/public-key', (ctx) => {
    ctx.body = { publicKey: loadVapidKeys(ctx.services.config).publicKey };
  });

  router.get('/users/:userId/push-subscriptions', requireUser, async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { items: await listSubscriptions(ctx.services.db, user.id) };
  });

  router.post('/users/:userId/push-subscriptions', requireUser, async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const input = parse(pushSubscriptionSchema, requestBody(ctx));
    const problem = endpointProblem(input.endpoint, ctx.services.config);
    if (problem) throw unprocessable(problem);
    const saved = await saveSubscription(ctx.services.db, user.id, input, ctx.get('user-agent') || null);
    ctx.status = saved.created ? 201 : 200;
    ctx.body = { message: 'Notifications are on for this device', id: saved.id };
  });

  // This browser's subscription, named by its endpoint (all the browser knows of it).
  router.delete('/users/:userId/push-subscriptions', requireUser, async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const endpoint = typeof ctx.query.endpoint === 'string' ? ctx.query.endpoint : '';
    if (!endpoint) throw unprocessable('Name the subscription to remove: ?endpoint=…');
    const removed = await PushSubscription.query(ctx.services.db).where({ userId: user.id, endpointHash: endpointHash(endpoint) }).delete();
    if (!removed) throw notFound('No such subscription');
    ctx.body = { message: 'Notifications are off for this device' };
  });

  router.delete('/users/:userId/push-subscriptions/:subscriptionId', requireUser, async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const removed = await PushSubscription.query(ctx.services.db).where({ userId: user.id, id: idParam(ctx.params.subscriptionId) }).delete();
    if (!removed) throw notFound('No such subscription');
    ctx.body = { message: 'Notifications are off for that device' };
  });

  return router;
}
