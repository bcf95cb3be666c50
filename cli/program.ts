import { Command, CommanderError } from 'commander';
import { registerAnnounce } from './commands/announce';
import { registerBackup } from './commands/backup';
import { registerConfig } from './commands/config';
import { loadDotEnv } from '../server/config';
import { registerBilling } from './commands/billing';
import { registerExpo } from './commands/expo';
import { registerJobs } from './commands/jobs';
import { registerMedia } from './commands/media';
import { registerMigrate } from './commands/migrate';
import { registerResetToken } from './commands/reset-token';
import { registerReviewer } from './commands/reviewer';
import { registerSeed } from './commands/seed';
import { registerServe } from './commands/serve';
import { CliError } from './options';

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('saathi')
    .description('Saathi — matrimonial bonds across seas. Serve the product and manage its data.')
    .version('0.1.0')
    .showHelpAfterError()
    .exitOverride();
  registerServe(program);
  registerMigrate(program);
  registerSeed(program);
  registerResetToken(program);
  registerReviewer(program);
  registerExpo(program);
  registerBackup(program);
  registerConfig(program);
  registerJobs(program);
  registerBilling(program);
  registerMedia(program);
  registerAnnounce(program);
  return program;
}

/** Runs the CLI; bad input prints a clear message and exits non-zero. */
export async function runCli(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    // An optional .env in the working directory; variables set in the environment win.
    loadDotEnv();
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof CliError) {
      console.error(`Error: ${error.message}`);
      return 1;
    }
    console.error(`Error: ${databaseRefusal(error) ?? (error as Error).message}`);
    return 1;
  }
}

/**
 * A PostgreSQL server that is down, unknown, or refuses the credentials is bad configuration, not a crash: one
 * sentence naming DATABASE_URL (never its password) instead of the driver's "connect ECONNREFUSED 127.0.0.1:5432".
 */
export function databaseRefusal(error: unknown): string | null {
  const e = error as { code?: string; address?: string; port?: number; hostname?: string } | null;
  const fix = 'check DATABASE_URL (unset it to use SQLite in DATA_DIR) and that the server is running';
  switch (e?.code) {
    case 'ECONNREFUSED':
      return `PostgreSQL is not accepting connections at ${e.address ?? 'its address'}${e.port ? `:${e.port}` : ''}; ${fix}.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The PostgreSQL host ${e.hostname ?? ''} in DATABASE_URL cannot be found; ${fix}.`;
    case 'ETIMEDOUT':
      return `Connecting to PostgreSQL timed out; ${fix}.`;
    case '28P01':
    case '28000':
      return `PostgreSQL refused the user name or password in DATABASE_URL; ${fix}.`;
    case '3D000':
      return `The database named in DATABASE_URL does not exist on that PostgreSQL server; create it or ${fix}.`;
    default:
      return null;
  }
}
