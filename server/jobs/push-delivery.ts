import type { Config } from '../config';
import { deliverDuePushes } from '../services/push/send';
import { defineJob } from './scheduler';

/** Sends the Web Push outbox that is due: retries after failures, and pushes left unsent by a process that stopped. */
export function pushDeliveryJob(config: Config) {
  return defineJob({
    name: 'push-delivery',
    everyMs: 60_000,
    leaseMs: 15 * 60_000,
    description: 'sends Web Push notifications that are due: retries of failed attempts (backoff 1 min doubling to 1 h, 8 attempts, within 24 h), pushes left by a stopped process',
    async run({ db, now, log }) {
      const c = await deliverDuePushes({ db, config, log }, now);
      return `sent ${c.sent}, retrying ${c.retry}, gone ${c.gone}, failed ${c.failed}`;
    },
  });
}
