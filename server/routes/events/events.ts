import { PassThrough } from 'node:stream';
import { newRouter } from '../../context';
import { currentUser, requireUser } from '../../middleware/auth';
import { Session } from '../../models/account';

const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events for the signed-in member: new messages, read receipts and notifications reach an open
 * chat, the conversation list and the bell without a reload. The 30-second count poll remains the fallback.
 */
export function eventRoutes() {
  const router = newRouter('/api');
  router.get('/events', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const stream = new PassThrough();
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.req.socket.setKeepAlive(true);
    ctx.set('Content-Type', 'text/event-stream; charset=utf-8');
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Connection', 'keep-alive');
    ctx.set('X-Accel-Buffering', 'no');
    (ctx as unknown as { compress: boolean }).compress = false;
    ctx.status = 200;
    ctx.body = stream;
    let id = 0;
    const send = (event: string, data: unknown) => {
      id += 1;
      stream.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    stream.write('retry: 5000\n\n');
    send('ready', { userId: user.id });
    const unsubscribe = ctx.services.live.subscribe(
      user.id,
      (e) => send(e.kind, e.payload),
      () => close(),
    );
    const sessionId = (ctx.session as unknown as { externalKey?: string } | null)?.externalKey;
    // Each heartbeat also checks the session still exists: a password change or a device sign-out ends the
    // stream instead of leaving it open until the browser reconnects.
    const heartbeat = setInterval(() => {
      void (async () => {
        const alive = sessionId ? await Session.query(ctx.services.db).findById(sessionId).select('id') : null;
        if (!alive) {
          send('session-ended', { reason: 'signed-out' });
          close();
          return;
        }
        stream.write(': keep-alive\n\n');
      })().catch(() => close());
    }, HEARTBEAT_MS);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      stream.end();
    };
    ctx.req.on('close', close);
    ctx.req.on('error', close);
  });
  return router;
}
