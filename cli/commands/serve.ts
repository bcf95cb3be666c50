import type { Command } from 'commander';
import { createApp } from '../../server/app';
import { configProblems, configWarnings } from '../../server/config-checks';
import { createDb, sqliteFile } from '../../server/db';
import { migrateLatest } from '../../server/migrations';
import { dataDirProblem } from '../../server/errors';
import { createLogger } from '../../server/logger';
import { DEMO_CREDENTIALS } from '../../fixtures/demo-credentials';
import { CliError, configFromFlags, type CommonFlags } from '../options';
import { jobScheduler } from '../../server/jobs';
import { createMediaStore } from '../../server/services/media-store';
import type { AddressInfo } from 'node:net';
import { SERVE_APPLICATION_NAME, holdServeLock } from '../safety';
import { afterResponsesSettled } from '../../server/services/after-response';

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Migrate the database and serve the member app, the ops console and the API')
    .option('-p, --port <port>', 'port to listen on (env PORT)', undefined)
    .option('--host <host>', 'address to bind (env HOST)', undefined)
    .option('-d, --data-dir <dir>', 'data directory for SQLite and uploads (env DATA_DIR)', undefined)
    .option('--demo', 'demo mode: reset links on screen, demo payments, a demo banner on every page (env DEMO_MODE=true); never for a public https deployment')
    .action(async (flags: CommonFlags & { demo?: boolean }) => {
      const config = configFromFlags(flags);
      const unsafe = configProblems(config);
      if (unsafe.length) throw new CliError(unsafe.join(' '));
      for (const warning of configWarnings(config)) console.warn(`Warning: ${warning}`);
      // A read-only or full data directory is a clear message and a non-zero exit, before anything is opened.
      const problem = dataDirProblem(config.dataDir, config.databaseUrl ? undefined : sqliteFile(config));
      if (problem) throw new CliError(problem);
      // A bucket that is missing, refuses the keys or does not answer is named now, not at the first upload.
      const media = createMediaStore(config);
      const mediaProblem = await media.problem();
      if (mediaProblem) throw new CliError(`Saathi cannot start: ${mediaProblem}`);
      // Named on PostgreSQL, so `saathi restore` can see a server on the database from any machine.
      process.env.PGAPPNAME = SERVE_APPLICATION_NAME;
      const db = createDb(config);
      const applied = await migrateLatest(db);
      const log = createLogger();
      if (applied.length) log({ level: 'info', msg: 'migrated', applied });
      const app = createApp(config, db, { log, media });
      const { live, engine } = app.context.services;
      await live.start();
      // The match engine's index is ready before the first request, so the first search is not the slow one: built
      // (or loaded from its snapshot and caught up with the changes since), and written to disk when it was read
      // afresh, so that even a crash later starts quickly.
      await engine.start();
      await engine.flush();
      // Periodic jobs (cleanup, …): every process checks, one runs each job.
      const jobs = jobScheduler(db, config, log, app.context.services);
      await jobs.start();
      const server = app.listen(config.port, config.host);
      await new Promise<void>((resolve, reject) => {
        server.once('listening', resolve);
        server.once('error', reject);
      });
      // While it runs, DATA_DIR/run/serve-<pid>.json says so (restore refuses to replace the database under it).
      const releaseLock = holdServeLock(config.dataDir, { host: config.host, port: (server.address() as AddressInfo).port });
      const where = `${config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`}${media.kind === 's3' ? `, media in ${media.where}` : ''}`;
      const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
      console.log(`Saathi is running at http://${shown}:${config.port} (ops console: /ops) on ${where}`);
      if (config.demoMode) {
        console.log('Demo mode: password-reset links are shown on screen and payments use the demo provider.');
        const demo = await db('users').where({ usernameLower: DEMO_CREDENTIALS.member.username }).first('id');
        if (demo) {
          console.log(`  Demo member:   ${DEMO_CREDENTIALS.member.username} / ${DEMO_CREDENTIALS.member.password}`);
          console.log(`  Demo reviewer: ${DEMO_CREDENTIALS.reviewer.username} / ${DEMO_CREDENTIALS.reviewer.password}  (at /ops)`);
          console.log(`  Demo admin:    ${DEMO_CREDENTIALS.admin.username} / ${DEMO_CREDENTIALS.admin.password}  (at /ops)`);
        }
      } else if (!config.publicUrl) {
        console.warn('PUBLIC_URL is not set: links in emails will point at localhost.');
      }
      // Graceful shutdown: stop accepting, end live-event streams, let in-flight requests finish (idle
      // keep-alive sockets are closed), then close the database. Anything still running after 10 s is cut off.
      let stopping = false;
      const shutdown = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        setTimeout(() => process.exit(0), 10_000).unref();
        // Readiness answers 503 from now on, so a load balancer stops sending new requests here.
        app.context.services.lifecycle.draining = true;
        log({ level: 'info', msg: 'shutting down', signal });
        // The match engine's index on disk, up to date, so the next start loads it instead of reading every member
        // (first: on PostgreSQL it needs the change feed's listening connection, closed below).
        await engine.flush().catch((error: unknown) => log({ level: 'warn', msg: 'match engine: no snapshot at shutdown', err: String(error) }));
        server.close(async () => {
          // Mail that answered requests left to send (written to the outbox, so it survives the stop).
          await afterResponsesSettled();
          await jobs.stop();
          await db.destroy();
          releaseLock();
          log({ level: 'info', msg: 'stopped' });
          setTimeout(() => process.exit(0), 50);
        });
        engine.close();
        void live.close();
        server.closeIdleConnections();
        const idle = setInterval(() => server.closeIdleConnections(), 200);
        idle.unref();
      };
      process.once('SIGTERM', () => void shutdown('SIGTERM'));
      process.once('SIGINT', () => void shutdown('SIGINT'));
    });
}
