import { addFamilySchema, callReportSchema, signalSchema, startCallSchema } from '../../../contracts/calls';
import { newRouter } from '../../context';
import { currentUser, requireUser } from '../../middleware/auth';
import { idParam, parse, requestBody } from '../../middleware/validate';
import { addFamily, familyOptions } from '../../services/calls/family';
import { acceptCall, declineCall, hangUp, liveCallOf, participation, presentCall, startCall, sweepCalls } from '../../services/calls/state';
import { callsWith, relaySignal, reportFromCall } from '../../services/calls/talk';

/**
 * Video calls (docs/calls.md): ring, answer, decline, hang up, bring family in, pass WebRTC signals between the
 * participants, and report from the call screen. Every :callId answers 404 to anyone who is not one of its people;
 * who may call whom is the relationship policy's (services/calls/state.ts, callRefusal).
 */
export function callRoutes() {
  const router = newRouter('/api/calls');
  router.use(requireUser);
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  // Every :callId is its people's only: anyone else gets the 404 of a call that does not exist, before their input is read.
  router.param('callId', async (id, ctx, next) => {
    await participation(ctx.services.db, currentUser(ctx).id, idParam(id));
    return next();
  });

  router.post('/', async (ctx) => {
    const { calleeId } = parse(startCallSchema, requestBody(ctx));
    ctx.status = 201;
    ctx.body = await startCall(ctx.services, currentUser(ctx), calleeId);
  });

  // The call the member is in or is being rung for (an app opened after the ring event went by).
  router.get('/current', async (ctx) => {
    const user = currentUser(ctx);
    await sweepCalls(ctx.services);
    const call = await liveCallOf(ctx.services.db, user.id);
    ctx.body = { call: call ? await presentCall(ctx.services, call, user.id) : null };
  });

  router.get('/with/:otherUserId', async (ctx) => {
    await sweepCalls(ctx.services);
    ctx.body = await callsWith(ctx.services, currentUser(ctx), idParam(ctx.params.otherUserId));
  });

  router.get('/:callId', async (ctx) => {
    const user = currentUser(ctx);
    await sweepCalls(ctx.services);
    const { call } = await participation(ctx.services.db, user.id, idParam(ctx.params.callId));
    ctx.body = await presentCall(ctx.services, call, user.id);
  });

  router.post('/:callId/accept', async (ctx) => {
    ctx.body = await acceptCall(ctx.services, currentUser(ctx), idParam(ctx.params.callId));
  });

  router.post('/:callId/decline', async (ctx) => {
    ctx.body = await declineCall(ctx.services, currentUser(ctx), idParam(ctx.params.callId));
  });

  router.post('/:callId/hangup', async (ctx) => {
    ctx.body = await hangUp(ctx.services, currentUser(ctx), idParam(ctx.params.callId));
  });

  router.post('/:callId/signal', async (ctx) => {
    const callId = idParam(ctx.params.callId);
    const input = parse(signalSchema, requestBody(ctx));
    await relaySignal(ctx.services, currentUser(ctx), callId, input);
    ctx.status = 204;
  });

  router.get('/:callId/family', async (ctx) => {
    ctx.body = await familyOptions(ctx.services, currentUser(ctx), idParam(ctx.params.callId));
  });

  router.post('/:callId/family', async (ctx) => {
    const callId = idParam(ctx.params.callId);
    const { userId } = parse(addFamilySchema, requestBody(ctx));
    ctx.body = await addFamily(ctx.services, currentUser(ctx), callId, userId);
  });

  router.post('/:callId/report', async (ctx) => {
    const callId = idParam(ctx.params.callId);
    const input = parse(callReportSchema, requestBody(ctx));
    const id = await reportFromCall(ctx.services, currentUser(ctx), callId, input);
    ctx.status = 201;
    ctx.body = { id, message: 'Thank you. Our team will review this report.' };
  });

  return router;
}
