// Entry of the single executable (dist/saathi): the same CLI as cli/index.ts, as one CommonJS script (a Node 20
// SEA runs CommonJS, without top-level await). sea-runtime comes first: the bundle's native packages and its
// import.meta.url resolve through it. Built by scripts/build-binary.mjs.
import './sea-runtime';
import { runCli } from './program';

runCli(process.argv).then(
  (code) => {
    // serve keeps running (its server holds the event loop); other commands end here.
    if (code !== 0) process.exit(code);
  },
  (error: unknown) => {
    console.error(`Error: ${(error as Error).message}`);
    process.exit(1);
  },
);
