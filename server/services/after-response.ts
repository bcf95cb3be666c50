import type { AppContext } from '../context';

/**
 * Work a request starts once its answer has been sent: mail whose sending must not show in how long the answer
 * took (a reset for an address with an account takes as long as one without). A failure is logged, never shown
 * to anyone. `afterResponsesSettled` waits for what is still running (the tests read the outbox after it).
 */
const running = new Set<Promise<void>>();

/**
 * The work starts a little after the answer is written: started at once it takes the CPU while the answer is still
 * on its way (rendering an email is a few milliseconds), which showed up as a millisecond more for the reset of a
 * registered address on a busy two-core machine.
 */
const START_DELAY_MS = 50;

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
    .then(() => new Promise((resolve) => setTimeout(resolve, START_DELAY_MS)))
    .then(work)
    .catch((error: unknown) => log({ level: 'error', msg: `${what} failed`, err: String(error) }))
    .finally(() => running.delete(task));
  running.add(task);
}

export async function afterResponsesSettled(): Promise<void> {
  while (running.size) await Promise.all([...running]);
}
