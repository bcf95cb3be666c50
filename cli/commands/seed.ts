import { createMediaStore } from '../../server/services/media-store';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { seedDemo } from '../../fixtures/demo-seed';
import { createDb } from '../../server/db';
import { migrateLatest } from '../../server/migrations';
import { CliError, configFromFlags, type CommonFlags } from '../options';
import { requireUsableDataDir } from '../safety';

export function registerSeed(program: Command): void {
  program
    .command('seed')
    .description('Fill the database with realistic, deterministic demo members (and the demo accounts)')
    .option('-n, --profiles <count>', 'how many member profiles to create', '200')
    .option('-s, --seed <number>', 'random seed: the same seed gives the same data', '2026')
    .option('--reference-date <YYYY-MM-DD>', 'the day the demo activity is dated from (default: today, UTC)')
    .option('--if-empty', 'do nothing when demo data is already there (for the demo start)')
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .action(async (flags: CommonFlags & { profiles: string; seed: string; ifEmpty?: boolean; referenceDate?: string }) => {
      const profiles = Number(flags.profiles);
      const seed = Number(flags.seed);
      if (!Number.isInteger(profiles) || profiles < 1 || profiles > 1_000_000) {
        throw new CliError('--profiles must be a whole number between 1 and 1000000');
      }
      if (!Number.isInteger(seed)) throw new CliError('--seed must be a whole number');
      const day = flags.referenceDate ?? new Date().toISOString().slice(0, 10);
      const referenceTime = demoReferenceTime(day);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(referenceTime)) throw new CliError('--reference-date must be YYYY-MM-DD');
      const config = configFromFlags(flags);
      // Photos go to DATA_DIR/media unless the media store is a bucket.
      requireUsableDataDir(config, 'seed', { needsDataDir: config.media.store === 'local' });
      const db = createDb(config);
      try {
        await migrateLatest(db);
        const existing = await db('users').where({ usernameLower: 'demo' }).first('id');
        if (existing) {
          if (flags.ifEmpty) {
            console.log('Demo data already present; nothing to do.');
            return;
          }
          throw new CliError('The database already has demo data. Use a fresh --data-dir to seed again.');
        }
        const bar = new cliProgress.SingleBar(
          { format: 'Seeding [{bar}] {percentage}% | {value}/{total} profiles | {duration}s', hideCursor: true, noTTYOutput: true, notTTYSchedule: 2000 },
          cliProgress.Presets.shades_classic,
        );
        bar.start(profiles, 0);
        const started = performance.now();
        const result = await seedDemo(db, {
          dataDir: config.dataDir,
          media: createMediaStore(config),
          profiles,
          seed,
          passwordParams: config.argon2,
          referenceTime,
          onProgress: (done) => bar.update(done),
        });
        bar.update(profiles);
        bar.stop();
        console.log(`Seeded ${result.members} members in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
        console.log(`  Demo member:   ${result.demoMember.username} / ${result.demoMember.password}`);
        console.log(`  Demo reviewer: ${result.demoReviewer.username} / ${result.demoReviewer.password}  (at /ops)`);
        console.log(`  Demo admin:    ${result.demoAdmin.username} / ${result.demoAdmin.password}  (at /ops)`);
      } finally {
        await db.destroy();
      }
    });
}

/**
 * The demo data's "now" for a seeding day: the start of that day in UTC. Same seed and day give the same rows,
 * dating from the seeding day keeps the demo's activity fresh, and nothing is dated after the moment it is seeded
 * (noon, used before, put a morning seed's newest report hours in the future).
 */
export function demoReferenceTime(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}
