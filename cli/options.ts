import fs from 'node:fs';
import type { Config } from '../server/config';
import { sqliteFile } from '../server/db';
import { loadConfig } from '../server/config';

export interface CommonFlags {
  dataDir?: string;
  port?: string;
  host?: string;
}

/** Flags win over environment variables, which win over defaults. */
export function configFromFlags(flags: CommonFlags & { demo?: boolean }): Config {
  const overrides: Partial<Config> = {};
  if (flags.dataDir) overrides.dataDir = (loadConfig({}, { ...process.env, DATA_DIR: flags.dataDir })).dataDir;
  if (flags.port !== undefined) {
    const port = Number(flags.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`Invalid port: ${flags.port}`);
    overrides.port = port;
  }
  if (flags.host) overrides.host = flags.host;
  if (flags.demo) overrides.demoMode = true;
  // Through loadConfig, so what follows from a flag (staff two-factor is optional in a demo) follows here too.
  return loadConfig(overrides);
}

export class CliError extends Error {}

/**
 * Commands that work on existing data refuse a data directory without a database (a typo in --data-dir would
 * otherwise create an empty one there and answer "No account"). PostgreSQL databases are not checked here.
 */
export function requireExistingDatabase(config: Config): void {
  if (config.databaseUrl) return;
  if (!fs.existsSync(config.dataDir)) throw new CliError(`The data directory ${config.dataDir} does not exist: check --data-dir or DATA_DIR (saathi serve or saathi migrate create one).`);
  if (!fs.existsSync(sqliteFile(config))) throw new CliError(`There is no Saathi database in ${config.dataDir}: check --data-dir or DATA_DIR (saathi serve or saathi migrate create one).`);
}
