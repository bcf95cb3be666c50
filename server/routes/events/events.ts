import { PassThrough } from 'node:stream';
import { newRouter } from '../../context';
import { unauthorized } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { endsSession, sessionExpiry, sessionRef } from '../../services/session-end';

const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events for the signed-in member: new messages, read receipts and notifications reach an open
 * chat, the conversation list and the bell without a reload. The 30-second count poll remains the fallback.
 * A stream lives as long as its session: when the session ends (sign-out, password change, suspension, family
 * removal, on any process) the live bus says so and the stream closes at once.
 */
export function eventRoutes() {
  const router = newRouter('/api');
  router.get('/events', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const db = ctx.services.db;
    const sessionId = (ctx.session as unknown as { externalKey?: string } | null)?.externalKey;
    const ref = sessionId ? sessionRef(sessionId) : '';
    const stream = new PassThrough();
    let id = 0;
    const send = (event: string, data: unknown) => {
      id += 1;
      stream.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    let open = true;
    let heartbeat: NodeJS.Timeout | undefined;
    let unsubscribe = () => {};
    const close = () => {
      open = false;
      clearInterval(heartbeat);
      unsubscribe();
      stream.end();
    };
    const endStream = () => {
      if (!open) return;
      send('session-ended', { reason: 'signed-out' });
      close();
    };
    stream.write('retry: 5000\n\n');
    send('ready', { userId: user.id });
    unsubscribe = ctx.services.live.subscribe(
      user.id,
      (e) => {
        if (e.kind !== 'session-ended') send(e.kind, e.payload);
        else if (endsSession(e.payload, ref)) endStream();
      },
      close,
    );
    // A session that ended after this request was signed in, but before the subscription above, was announced to no
    // stream here: look once more now that the announcements are heard.
    const expiry = await sessionExpiry(db, sessionId).catch((error: unknown) => {
      close();
      throw error;
    });
    if (!open || expiry === null) {
      close();
      throw unauthorized();
    }
    // The bus is the prompt path; each heartbeat also checks the session, for what the bus does not carry (an
    // expiry, an announcement sent while this process's listening connection was down).
    heartbeat = setInterval(() => {
      void (async () => {
        if ((await sessionExpiry(db, sessionId)) === null) return endStream();
        stream.write(': keep-alive\n\n');
      })().catch(close);
    }, HEARTBEAT_MS);
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
    ctx.req.on('close', close);
    ctx.req.on('error', close);
  });
  return router;
}
