import type { Command } from 'commander';
import { createApp } from '../../server/app';
import { createDb, migrateLatest } from '../../server/db';
import { DEMO_CREDENTIALS } from '../../fixtures/demo-credentials';
import { configFromFlags, type CommonFlags } from '../options';

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Migrate the database and serve the member app, the ops console and the API')
    .option('-p, --port <port>', 'port to listen on (env PORT)', undefined)
    .option('--host <host>', 'address to bind (env HOST)', undefined)
    .option('-d, --data-dir <dir>', 'data directory for SQLite and uploads (env DATA_DIR)', undefined)
    .action(async (flags: CommonFlags) => {
      const config = configFromFlags(flags);
      const db = createDb(config);
      const applied = await migrateLatest(db);
      const log = (entry: Record<string, unknown>) => process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);
      if (applied.length) log({ level: 'info', msg: 'migrated', applied });
      const app = createApp(config, db, { log });
      const server = app.listen(config.port, config.host);
      await new Promise<void>((resolve, reject) => {
        server.once('listening', resolve);
        server.once('error', reject);
      });
      const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
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
      const shutdown = (signal: string) => {
        log({ level: 'info', msg: 'shutting down', signal });
        server.close(async () => {
          await db.destroy();
          process.exit(0);
        });
        setTimeout(() => process.exit(0), 10_000).unref();
      };
      process.once('SIGTERM', () => shutdown('SIGTERM'));
      process.once('SIGINT', () => shutdown('SIGINT'));
    });
}
