import { isMainThread } from 'node:worker_threads';
import { runCli } from './program';

// The server's bundle is also the entry of the match engine's scan worker (server/services/match-engine/
// parallel-scan.ts), which must not run the command line again.
if (isMainThread) {
  const code = await runCli(process.argv);
  // serve keeps running (its server holds the event loop); other commands end here.
  if (code !== 0) process.exit(code);
}
