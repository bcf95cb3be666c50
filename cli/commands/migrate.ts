import type { Command } from 'commander';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../server/config';
import { createDb } from '../../server/db';
import { migrateLatest, migrateRollback, migrateStatus } from '../../server/migrations';
import { CliError, configFromFlags, type CommonFlags } from '../options';
import { refuseWhileServing, requireUsableDataDir } from '../safety';
import { backupDatabase } from './backup';

/** A copy of the whole database taken just before a rollback (saathi backup's): DATA_DIR/backups/before-rollback-<time>.(sqlite|dump). */
async function backupBeforeRollback(config: Config): Promise<string> {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  const file = path.join(config.dataDir, 'backups', `before-rollback-${stamp}.${config.databaseUrl ? 'dump' : 'sqlite'}`);
  if (fs.existsSync(file)) throw new CliError(`${file} already exists; run the rollback again in a second`);
  await backupDatabase(config, file);
  return file;
}

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('Apply, roll back or list database migrations')
    .argument('[action]', 'latest | rollback | status', 'latest')
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .option('--force', 'rollback: really undo the last batch (its tables and their data are dropped); a backup is taken first')
    .option('--skip-backup', 'rollback: do not take the backup first (when you have taken your own)')
    .action(async (action: string, flags: CommonFlags & { force?: boolean; skipBackup?: boolean }) => {
      if (!['latest', 'rollback', 'status'].includes(action)) {
        throw new CliError(`Unknown migrate action "${action}". Use latest, rollback or status.`);
      }
      const config = configFromFlags(flags);
      requireUsableDataDir(config, 'migrate', { needsDataDir: action === 'rollback' && !flags.skipBackup });
      // A server running on this data would answer from tables the rollback drops: refused, --force or not.
      if (action === 'rollback') await refuseWhileServing(config, 'roll back migrations');
      const db = createDb(config);
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
              `Rolling back undoes ${names.length} migration${names.length === 1 ? '' : 's'} (${names.join(', ')}) and drops the tables they created with all their data; run saathi migrate rollback --force to go ahead (it backs the database up first).`,
            );
          }
          if (flags.skipBackup) console.log('No backup taken (--skip-backup).');
          else console.log(`Backed up the database to ${await backupBeforeRollback(config)} before rolling back (saathi restore <file> puts it back).`);
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
