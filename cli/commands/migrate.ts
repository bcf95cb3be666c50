import type { Command } from 'commander';
import { createDb, migrateLatest, migrateRollback, migrateStatus } from '../../server/db';
import { CliError, configFromFlags, type CommonFlags } from '../options';

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('Apply, roll back or list database migrations')
    .argument('[action]', 'latest | rollback | status', 'latest')
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .action(async (action: string, flags: CommonFlags) => {
      if (!['latest', 'rollback', 'status'].includes(action)) {
        throw new CliError(`Unknown migrate action "${action}". Use latest, rollback or status.`);
      }
      const db = createDb(configFromFlags(flags));
      try {
        if (action === 'latest') {
          const applied = await migrateLatest(db);
          console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.');
        } else if (action === 'rollback') {
          const rolled = await migrateRollback(db);
          console.log(rolled.length ? `Rolled back: ${rolled.join(', ')}` : 'Nothing to roll back.');
        } else {
          const { completed, pending } = await migrateStatus(db);
          for (const name of completed) console.log(`  applied  ${name}`);
          for (const name of pending) console.log(`  pending  ${name}`);
        }
      } finally {
        await db.destroy();
      }
    });
}
