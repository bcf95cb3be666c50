import type { Config } from '../config';
import { runDemoRenewals } from '../services/billing/demo';
import { LiveEvents } from '../services/live-events';
import { defineJob } from './scheduler';

/**
 * The demo provider's renewals, failed renewals, ends of grace periods and cancellations at period end, as
 * its clock reaches them (Stripe does this itself and tells us by webhook). The notices it creates are stored
 * and shown in the bell on the member's next load; no open stream is pushed from a job.
 */
export function billingRenewalsJob(config: Config) {
  return defineJob({
    name: 'billing-renewals',
    everyMs: 15 * 60_000,
    description: "runs the demo payment provider's due renewals, failed renewals, grace-period ends and period-end cancellations",
    async run({ db }) {
      const events = await runDemoRenewals({ db, config, live: new LiveEvents() });
      return `${events} billing event(s)`;
    },
  });
}
