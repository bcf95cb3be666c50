import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../server/config';
import { type Db, createDb, sqliteFile } from '../server/db';
import { storageFault } from '../server/errors';
import { processAlive } from '../server/services/process-alive';
import { CliError } from './options';

/** PostgreSQL's application_name of every `saathi serve` connection, so other commands can see servers running. */
export const SERVE_APPLICATION_NAME = 'saathi serve';

/**
 * Can this command use the data directory? One sentence when it cannot — a file where the directory should be, no
 * permission (EACCES/EPERM), a read-only or full disk — instead of a driver's stack trace. Commands that may create
 * the directory (migrate, seed) do; nothing else is written here but a probe file that is removed at once.
 */
export function dataDirRefusal(dataDir: string, action: string, databaseFile?: string): string | null {
  const fix = 'point --data-dir (env DATA_DIR) at a directory Saathi may write to';
  try {
    if (fs.existsSync(dataDir) && !fs.statSync(dataDir).isDirectory()) return `Saathi cannot ${action}: ${dataDir} is a file, not a directory; ${fix}.`;
    fs.mkdirSync(dataDir, { recursive: true });
    const probe = path.join(dataDir, `.write-check-${process.pid}`);
    fs.writeFileSync(probe, 'ok');
    fs.rmSync(probe, { force: true });
    if (databaseFile && fs.existsSync(databaseFile)) fs.accessSync(databaseFile, fs.constants.R_OK | fs.constants.W_OK);
    return null;
  } catch (error) {
    const where = `the data directory ${dataDir}`;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR' || code === 'EEXIST') return `Saathi cannot ${action}: part of the path ${dataDir} is a file, not a directory; ${fix}.`;
    switch (storageFault(error)) {
      case 'readOnly':
        return `Saathi cannot ${action}: ${where} is on a read-only file system; ${fix}.`;
      case 'full':
        return `Saathi cannot ${action}: the disk holding ${where} is full; free some space and run it again.`;
      case 'notWritable':
        return `Saathi cannot ${action}: it has no permission to write to ${where} (${code}); make it writable by this user, or ${fix}.`;
      default:
        return `Saathi cannot ${action}: ${where} cannot be used (${code ?? (error as Error).message}); ${fix}.`;
    }
  }
}

/** Throws the refusal as a CLI error (exit 1) when the command cannot use its data directory. */
export function requireUsableDataDir(config: Config, action: string, options: { needsDataDir?: boolean } = {}): void {
  const sqlite = !config.databaseUrl;
  if (!sqlite && !options.needsDataDir) return;
  const problem = dataDirRefusal(config.dataDir, action, sqlite ? sqliteFile(config) : undefined);
  if (problem) throw new CliError(problem);
}

// ---- Is a server running on this data? ------------------------------------------------------------------------

interface ServeLock {
  pid: number;
  host: string;
  port: number;
  startedAt: string;
}

const lockDir = (dataDir: string) => path.join(dataDir, 'run');
const lockFile = (dataDir: string, pid: number) => path.join(lockDir(dataDir), `serve-${pid}.json`);

/**
 * `saathi serve` announces itself in DATA_DIR/run/serve-<pid>.json while it runs (removed when it stops), so
 * `restore` can refuse to replace the database under it. Returns the function that removes the file.
 */
export function holdServeLock(dataDir: string, address: { host: string; port: number }): () => void {
  const file = lockFile(dataDir, process.pid);
  fs.mkdirSync(lockDir(dataDir), { recursive: true });
  const lock: ServeLock = { pid: process.pid, host: address.host, port: address.port, startedAt: new Date().toISOString() };
  fs.writeFileSync(file, `${JSON.stringify(lock)}\n`);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    fs.rmSync(file, { force: true });
  };
  process.once('exit', release);
  return release;
}

/** Servers running on this data directory (a lock whose process is gone — a crash — is removed and ignored). */
export function runningServers(dataDir: string): Array<ServeLock & { file: string }> {
  const dir = lockDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  const found: Array<ServeLock & { file: string }> = [];
  for (const name of fs.readdirSync(dir)) {
    if (!/^serve-\d+\.json$/.test(name)) continue;
    const file = path.join(dir, name);
    let lock: ServeLock;
    try {
      lock = JSON.parse(fs.readFileSync(file, 'utf8')) as ServeLock;
    } catch {
      continue;
    }
    if (lock.pid !== process.pid && processAlive(lock.pid)) found.push({ ...lock, file });
    else if (lock.pid !== process.pid) fs.rmSync(file, { force: true });
  }
  return found;
}

/** Other connections of `saathi serve` processes to this PostgreSQL database (any machine). */
export async function postgresServers(db: Db): Promise<Array<{ pid: number; address: string | null }>> {
  const res = await db.raw(
    'SELECT pid, client_addr::text AS address FROM pg_stat_activity WHERE datname = current_database() AND application_name = ? AND pid <> pg_backend_pid()',
    [SERVE_APPLICATION_NAME],
  );
  return (res.rows as Array<{ pid: number; address: string | null }>).map((r) => ({ pid: Number(r.pid), address: r.address }));
}

/**
 * Refuses (before anything is touched) while a server uses this database: on SQLite a live lock in the data
 * directory, on PostgreSQL a `saathi serve` connection to the database from any machine.
 */
export async function refuseWhileServing(config: Config, action: string): Promise<void> {
  if (config.databaseUrl) {
    const db = createDb(config);
    let servers: Array<{ pid: number; address: string | null }>;
    try {
      servers = await postgresServers(db);
    } finally {
      await db.destroy();
    }
    if (servers.length) {
      const from = [...new Set(servers.map((s) => s.address ?? 'this machine'))].join(', ');
      throw new CliError(`Saathi servers are connected to this PostgreSQL database (${servers.length} connection${servers.length === 1 ? '' : 's'} from ${from}); stop every saathi serve before you ${action} (nothing was changed).`);
    }
    return;
  }
  const servers = runningServers(config.dataDir);
  if (servers.length) {
    const s = servers[0];
    throw new CliError(
      `A Saathi server is running on ${config.dataDir} (pid ${s.pid}, port ${s.port}, since ${s.startedAt}); stop it before you ${action} (nothing was changed). If no server is running, delete ${s.file}.`,
    );
  }
}
