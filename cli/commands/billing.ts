import type { Command } from 'commander';
import { createDb } from '../../server/db';
import { migrateLatest } from '../../server/migrations';
import { DAY_MS, addToBillingClock } from '../../server/services/billing/clock';
import { runDemoRenewals } from '../../server/services/billing/demo';
import { relayedLiveEventsFor } from '../../server/services/live-events';
import { CliError, configFromFlags, type CommonFlags } from '../options';

export function registerBilling(program: Command): void {
  const billing = program.command('billing').description("The demo payment provider's subscriptions");
  billing
    .command('advance')
    .description("Move the demo provider's clock forward and run what falls due: renewals, failed renewals, grace periods, cancellations (Stripe subscriptions are not affected)")
    .requiredOption('--days <n>', 'how many days to move forward (1 to 3660)')
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .action(async (flags: CommonFlags & { days: string }) => {
      const days = Number(flags.days);
      if (!Number.isInteger(days) || days < 1 || days > 3660) throw new CliError(`--days must be a whole number from 1 to 3660, not ${flags.days}`);
      const config = configFromFlags(flags);
      const db = createDb(config);
      // What changes reaches the members' open streams in the running server(s).
      const live = relayedLiveEventsFor(config, db);
      try {
        await migrateLatest(db);
        const now = await addToBillingClock(db, days * DAY_MS);
        const events = await runDemoRenewals({ db, live, config });
        console.log(`Demo billing clock is now ${new Date(now).toISOString()}; ${events} billing event(s) applied.`);
      } finally {
        await live.close();
        await db.destroy();
      }
    });
}
