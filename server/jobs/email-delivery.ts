import type { Config } from '../config';
import { deliverDue } from '../services/email/delivery';
import { defineJob } from './scheduler';

/** Sends what the outbox still holds: retries after failures, and mail left unsent by a process that stopped. */
export function emailDeliveryJob(config: Config) {
  return defineJob({
    name: 'email-delivery',
    everyMs: 60_000,
    leaseMs: 15 * 60_000,
    description: 'sends outbox mail that is due: retries of failed attempts (backoff 1 min doubling to 6 h, 10 attempts), mail left by a stopped process',
    async run({ db, now }) {
      if (!config.smtpUrl) return 'no SMTP_URL: mail stays in the outbox';
      const c = await deliverDue(config, db, now);
      return `sent ${c.sent}, retrying ${c.retry}, bounced ${c.bounced}, failed ${c.failed}`;
    },
  });
}
