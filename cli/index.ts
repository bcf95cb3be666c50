import { runCli } from './program';

const code = await runCli(process.argv);
// serve keeps running (its server holds the event loop); other commands end here.
if (code !== 0) process.exit(code);
