import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { createDb, migrateStatus, sqliteFile } from '../../server/db';
import { mediaDir } from '../../server/services/photos';
import { CliError, configFromFlags, type CommonFlags } from '../options';

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

/** Runs PostgreSQL's own dump/restore tool; a missing tool or a failed run is an error (exit 1), never advice and exit 0. */
function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): void {
  const res = spawnSync(tool, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (res.error && (res.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new CliError(`${tool} was not found on PATH; install the PostgreSQL client tools (the same major version as the server) and run this again`);
  }
  if (res.status !== 0) {
    const reason = (res.stderr || res.error?.message || '').trim().split('\n')[0] || `exit code ${res.status}`;
    throw new CliError(`${tool} failed: ${reason}`);
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
        runPgTool('pg_dump', ['--format=custom', '--no-owner', '--file', target, config.databaseUrl]);
        const media = copyDir(mediaDir(config.dataDir), `${target}.media`);
        console.log(`Backed up the PostgreSQL database to ${target} (pg_dump custom format) and ${media} media files to ${target}.media/`);
        return;
      }
      if (!fs.existsSync(sqliteFile(config))) throw new CliError(`No database in ${config.dataDir}`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const db = createDb(config);
      try {
        // VACUUM INTO writes a consistent, compacted copy from one read transaction: safe while the server writes.
        await db.raw('VACUUM INTO ?', [target]);
      } finally {
        await db.destroy();
      }
      const media = copyDir(mediaDir(config.dataDir), `${target}.media`);
      const size = (fs.statSync(target).size / 1024 / 1024).toFixed(1);
      console.log(`Backed up the database to ${target} (${size} MB) and ${media} media files to ${target}.media/`);
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
      for (const suffix of ['-wal', '-shm']) fs.rmSync(dest + suffix, { force: true });
      fs.copyFileSync(source, dest);
      const media = copyDir(`${source}.media`, mediaDir(config.dataDir));
      const db = createDb(config);
      try {
        const { completed, pending } = await migrateStatus(db);
        const check = await db.raw('PRAGMA integrity_check');
        const first = Array.isArray(check) ? (check[0] as Record<string, unknown> | undefined) : undefined;
        const ok = first !== undefined && Object.values(first)[0] === 'ok';
        if (!ok) throw new CliError('The restored database failed its integrity check');
        console.log(`Restored ${dest} (${completed.length} migrations applied${pending.length ? `, ${pending.length} pending: run saathi migrate` : ''}) and ${media} media files.`);
      } finally {
        await db.destroy();
      }
    });
}
