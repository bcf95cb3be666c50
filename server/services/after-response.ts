import type { AppContext } from '../context';

/**
 * Work a request starts once its answer has been sent: mail whose sending must not show in how long the answer
 * took (a reset for an address with an account takes as long as one without). A failure is logged, never shown
 * to anyone. `afterResponsesSettled` waits for what is still running (the tests read the outbox after it).
 */
const running = new Set<Promise<void>>();

export function afterResponse(ctx: AppContext, what: string, work: () => Promise<void>): void {
  const { log } = ctx.services;
  const answered = new Promise<void>((resolve) => {
    if (ctx.res.writableFinished || ctx.res.destroyed) resolve();
    else {
      ctx.res.once('finish', () => resolve());
      ctx.res.once('close', () => resolve());
    }
  });
  const task = answered
    .then(work)
    .catch((error: unknown) => log({ level: 'error', msg: `${what} failed`, err: String(error) }))
    .finally(() => running.delete(task));
  running.add(task);
}

export async function afterResponsesSettled(): Promise<void> {
  while (running.size) await Promise.all([...running]);
}
