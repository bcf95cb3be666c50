import type { Command } from 'commander';
import { createDb } from '../../server/db';
import { migrateLatest } from '../../server/migrations';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db';
import { jobScheduler, productJobs } from '../../server/jobs';
import { loadSessionKeys } from '../../server/keys';
import { CardRows } from '../../server/services/card-rows';
import { liveEventsFor } from '../../server/services/live-events';
import { MatchEngine } from '../../server/services/match-engine/engine';
import { type JobDefinition, scheduleText } from '../../server/jobs/scheduler';
import { CliError, configFromFlags, type CommonFlags, requireExistingDatabase } from '../options';

/** A match engine and card memory for one job run outside `saathi serve`. */
async function standaloneEngine(db: Db, config: Config) {
  const live = liveEventsFor(config, db);
  await live.start();
  const engine = new MatchEngine(db, live, loadSessionKeys(config), () => {}, { dataDir: config.dataDir });
  await engine.start();
  return {
    services: { engine, cards: new CardRows(db, engine) },
    async close() {
      engine.close();
      await live.close();
    },
  };
}

const when = (ms: number | null) => (ms === null ? '—' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19));

export function registerJobs(program: Command): void {
  const jobs = program.command('jobs').description('Periodic jobs: list them with their last run, or run one now');
  jobs
    .command('list', { isDefault: true })
    .description('List every job with its schedule, last run and result')
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .action(async (flags: CommonFlags) => {
      const config = configFromFlags(flags);
      requireExistingDatabase(config);
      const db = createDb(config);
      try {
        await migrateLatest(db);
        for (const job of await jobScheduler(db, config).status()) {
          console.log(`${job.name} (${scheduleText({ everyMs: job.everyMs ?? undefined, dailyAt: job.dailyAt ?? undefined } as JobDefinition)}): ${job.description}`);
          console.log(`  last run ${when(job.lastStartedAt)}${job.lastDurationMs === null ? '' : ` (${job.lastDurationMs} ms)`}: ${job.lastResult ?? 'never run'}`);
          console.log(`  next run ${when(job.nextRunAt)}; ${job.runs} runs, ${job.failures} failed${job.running ? '; running now' : ''}`);
        }
      } finally {
        await db.destroy();
      }
    });
  jobs
    .command('run')
    .description('Run one job now (once, even with servers running: they skip it while it runs)')
    .argument('<name>', 'the job, as `saathi jobs` lists it')
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .action(async (name: string, flags: CommonFlags) => {
      const config = configFromFlags(flags);
      requireExistingDatabase(config);
      const db = createDb(config);
      try {
        await migrateLatest(db);
        let outcome: Awaited<ReturnType<ReturnType<typeof jobScheduler>['runNow']>>;
        // A job that ranks members runs with a match engine of its own here, built (or loaded from its snapshot) first.
        const engine = productJobs(config).find((job) => job.name === name)?.usesEngine ? await standaloneEngine(db, config) : null;
        try {
          outcome = await jobScheduler(db, config, () => {}, engine?.services ?? null).runNow(name);
        } catch (error) {
          throw new CliError((error as Error).message);
        } finally {
          await engine?.close();
        }
        if (!outcome.ran) throw new CliError(`${name} is running in another process right now; try again when it is done.`);
        if (outcome.result?.startsWith('failed:')) throw new CliError(`${name} ${outcome.result}`);
        console.log(`${name}: ${outcome.result}`);
      } finally {
        await db.destroy();
      }
    });
}
