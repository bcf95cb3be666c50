import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { Config } from '../../server/config';
import { createDb, sqliteFile } from '../../server/db';
import { migrateStatus } from '../../server/migrations';
import { mediaDir } from '../../server/services/photos';
import { CliError, configFromFlags, type CommonFlags } from '../options';
import { refuseWhileServing } from '../safety';

function copyDir(from: string, to: string): number {
  if (!fs.existsSync(from)) return 0;
  fs.mkdirSync(to, { recursive: true });
  let n = 0;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    fs.copyFileSync(path.join(from, entry.name), path.join(to, entry.name));
    n += 1;
  }
  return n;
}

type PgTool = 'pg_dump' | 'pg_restore';
const missingTool = (tool: PgTool) =>
  new CliError(`${tool} was not found on PATH; install the PostgreSQL client tools (the same major version as the server) and run this again`);

/** Before anything else is done (a database reached, a file written): is the tool there at all? */
function requirePgTool(tool: PgTool): void {
  const res = spawnSync(tool, ['--version'], { stdio: 'ignore' });
  if (res.error && (res.error as NodeJS.ErrnoException).code === 'ENOENT') throw missingTool(tool);
}

/** Runs PostgreSQL's own dump/restore tool; a missing tool or a failed run is an error (exit 1), never advice and exit 0. */
export function runPgTool(tool: PgTool, args: string[]): void {
  const res = spawnSync(tool, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (res.error && (res.error as NodeJS.ErrnoException).code === 'ENOENT') throw missingTool(tool);
  if (res.status !== 0) {
    const reason = (res.stderr || res.error?.message || '').trim().split('\n')[0] || `exit code ${res.status}`;
    throw new CliError(`${tool} failed: ${reason}`);
  }
}

/** With MEDIA_STORE=s3 the photos are in the bucket, which a database backup does not copy: said, not implied. */
function bucketNote(config: ReturnType<typeof configFromFlags>): string {
  return `Photos are in the bucket ${config.media.s3?.bucket} (MEDIA_STORE=s3) and are not in this backup: keep them with the bucket's versioning or replication, or copy them with saathi media migrate --to local.`;
}

/**
 * Rate-limit windows are not data to keep: a restored backup must not start with yesterday's counts (an office
 * locked out, or a guesser's count reset), so backups leave their rows out.
 */
const LIMITER_TABLE = 'rate_limits';

/**
 * Writes a consistent copy of the database to `target` (which must not exist yet), safe while a server writes:
 * pg_dump's custom format on PostgreSQL, VACUUM INTO on SQLite; rate-limit windows are left out. Media are not
 * copied here. `saathi restore <target>` puts it back.
 */
export async function backupDatabase(config: Config, target: string): Promise<void> {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (config.databaseUrl) {
    runPgTool('pg_dump', ['--format=custom', '--no-owner', `--exclude-table-data=${LIMITER_TABLE}`, '--file', target, config.databaseUrl]);
    return;
  }
  const db = createDb(config);
  try {
    // VACUUM INTO writes a consistent, compacted copy from one read transaction: safe while the server writes.
    await db.raw('VACUUM INTO ?', [target]);
  } finally {
    await db.destroy();
  }
  const copy = createDb(config, target);
  try {
    await copy(LIMITER_TABLE).delete();
  } finally {
    await copy.destroy();
  }
}

export function registerBackup(program: Command): void {
  program
    .command('backup')
    .description('Online backup of the SQLite database (and uploaded media) while Saathi keeps running')
    .argument('<file>', 'where to write the database copy; media go to <file>.media/')
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .action(async (file: string, flags: CommonFlags) => {
      const config = configFromFlags(flags);
      const target = path.resolve(file);
      if (fs.existsSync(target)) throw new CliError(`${target} already exists; choose a new file name`);
      if (config.databaseUrl) {
        await backupDatabase(config, target);
        const media = copyDir(mediaDir(config.dataDir), `${target}.media`);
        console.log(`Backed up the PostgreSQL database to ${target} (pg_dump custom format) and ${media} media files to ${target}.media/`);
        if (config.media.store === 's3') console.log(bucketNote(config));
        return;
      }
      if (!fs.existsSync(sqliteFile(config))) throw new CliError(`No database in ${config.dataDir}`);
      await backupDatabase(config, target);
      const media = copyDir(mediaDir(config.dataDir), `${target}.media`);
      const size = (fs.statSync(target).size / 1024 / 1024).toFixed(1);
      console.log(`Backed up the database to ${target} (${size} MB) and ${media} media files to ${target}.media/`);
      if (config.media.store === 's3') console.log(bucketNote(config));
    });

  program
    .command('restore')
    .description('Replace the SQLite database (and media) with a backup; stop the server first')
    .argument('<file>', 'a file written by saathi backup')
    .option('-d, --data-dir <dir>', 'data directory (env DATA_DIR)')
    .option('--force', 'replace an existing database')
    .action(async (file: string, flags: CommonFlags & { force?: boolean }) => {
      const config = configFromFlags(flags);
      const source = path.resolve(file);
      if (!fs.existsSync(source)) throw new CliError(`No backup at ${source}`);
      if (config.databaseUrl) requirePgTool('pg_restore');
      // Before anything is touched: a running server would keep writing to the database being replaced (and on
      // SQLite lose its live -wal/-shm files), so its acknowledged writes would be lost.
      await refuseWhileServing(config, 'restore');
      if (config.databaseUrl) {
        if (!flags.force) throw new CliError('Restoring replaces the PostgreSQL database; add --force to go ahead (stop the servers first)');
        runPgTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', config.databaseUrl, source]);
        const media = copyDir(`${source}.media`, mediaDir(config.dataDir));
        console.log(`Restored the PostgreSQL database from ${source} and ${media} media files`);
        return;
      }
      const header = Buffer.alloc(16);
      const fd = fs.openSync(source, 'r');
      fs.readSync(fd, header, 0, 16, 0);
      fs.closeSync(fd);
      if (header.toString('latin1') !== 'SQLite format 3\u0000') throw new CliError(`${source} is not a SQLite database`);
      const dest = sqliteFile(config);
      if (fs.existsSync(dest) && !flags.force) throw new CliError(`${dest} exists; add --force to replace it (stop the server first)`);
      fs.mkdirSync(config.dataDir, { recursive: true });
      // Atomic: the copy is checked beside the database, then renamed over it in one step; a backup that fails its
      // check, or a copy cut short, leaves the current database as it was.
      const staged = `${dest}.restoring-${process.pid}`;
      fs.copyFileSync(source, staged);
      let summary: string;
      const check = createDb(config, staged);
      try {
        const result = await check.raw('PRAGMA integrity_check');
        const first = Array.isArray(result) ? (result[0] as Record<string, unknown> | undefined) : undefined;
        if (first === undefined || Object.values(first)[0] !== 'ok') throw new CliError(`${source} failed its integrity check; nothing was restored`);
        const { completed, pending } = await migrateStatus(check);
        await check.raw('PRAGMA wal_checkpoint(TRUNCATE)');
        summary = `${completed.length} migrations applied${pending.length ? `, ${pending.length} pending: run saathi migrate` : ''}`;
      } catch (error) {
        await check.destroy();
        for (const suffix of ['', '-wal', '-shm']) fs.rmSync(staged + suffix, { force: true });
        throw error;
      }
      await check.destroy();
      for (const suffix of ['-wal', '-shm']) fs.rmSync(staged + suffix, { force: true });
      for (const suffix of ['-wal', '-shm']) fs.rmSync(dest + suffix, { force: true });
      fs.renameSync(staged, dest);
      const media = copyDir(`${source}.media`, mediaDir(config.dataDir));
      console.log(`Restored ${dest} (${summary}) and ${media} media files.`);
    });
}
