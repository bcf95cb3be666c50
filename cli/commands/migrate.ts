import type { Command } from 'commander';
import { createDb, migrateLatest, migrateRollback, migrateStatus } from '../../server/db';
import { CliError, configFromFlags, type CommonFlags } from '../options';

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('Apply, roll back or list database migrations')
    .argument('[action]', 'latest | rollback | status', 'latest')
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .option('--force', 'rollback: really undo the last batch (its tables and their data are dropped)')
    .action(async (action: string, flags: CommonFlags & { force?: boolean }) => {
      if (!['latest', 'rollback', 'status'].includes(action)) {
        throw new CliError(`Unknown migrate action "${action}". Use latest, rollback or status.`);
      }
      const db = createDb(configFromFlags(flags));
      try {
        if (action === 'latest') {
          const applied = await migrateLatest(db);
          console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.');
        } else if (action === 'rollback') {
          // Undoing a batch drops the tables its migrations made, with every row in them: named first, and only
          // done when asked for with --force.
          const hasTable = await db.schema.hasTable('knex_migrations');
          const last = hasTable ? await db('knex_migrations').max({ batch: 'batch' }).first() : undefined;
          const names: string[] = last?.batch == null ? [] : (await db('knex_migrations').where({ batch: last.batch }).orderBy('id', 'desc').select('name')).map((r) => String(r.name));
          if (names.length === 0) {
            console.log('Nothing to roll back.');
            return;
          }
          if (!flags.force) {
            throw new CliError(
              `Rolling back undoes ${names.length} migration${names.length === 1 ? '' : 's'} (${names.join(', ')}) and drops the tables they created with all their data; take a backup (saathi backup <file>) and run saathi migrate rollback --force to go ahead.`,
            );
          }
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
