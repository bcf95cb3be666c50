import type { Config } from '../server/config';
import { loadConfig } from '../server/config';

export interface CommonFlags {
  dataDir?: string;
  port?: string;
  host?: string;
}

/** Flags win over environment variables, which win over defaults. */
export function configFromFlags(flags: CommonFlags): Config {
  const overrides: Partial<Config> = {};
  const base = loadConfig();
  if (flags.dataDir) overrides.dataDir = (loadConfig({}, { ...process.env, DATA_DIR: flags.dataDir })).dataDir;
  if (flags.port !== undefined) {
    const port = Number(flags.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`Invalid port: ${flags.port}`);
    overrides.port = port;
  }
  if (flags.host) overrides.host = flags.host;
  return { ...base, ...overrides };
}

export class CliError extends Error {}
