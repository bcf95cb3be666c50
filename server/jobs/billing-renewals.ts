import type { Config } from '../config';
import { runDemoRenewals } from '../services/billing/demo';
import { relayedLiveEventsFor } from '../services/live-events';
import { defineJob } from './scheduler';

/**
 * The demo provider's renewals, failed renewals, ends of grace periods and cancellations at period end, as
 * its clock reaches them (Stripe does this itself and tells us by webhook). What changed reaches the members'
 * open streams in every serving process, whichever process runs the job.
 */
export function billingRenewalsJob(config: Config) {
  return defineJob({
    name: 'billing-renewals',
    everyMs: 15 * 60_000,
    description: "runs the demo payment provider's due renewals, failed renewals, grace-period ends and period-end cancellations",
    async run({ db, log }) {
      const live = relayedLiveEventsFor(config, db, log);
      try {
        return `${await runDemoRenewals({ db, config, live })} billing event(s)`;
      } finally {
        await live.close();
      }
    },
  });
}
