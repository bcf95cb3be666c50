// Sets the process clock for a test run: with SAATHI_TEST_CLOCK=<ISO instant>, `Date` starts at that instant and
// advances in real time (timers, performance.now() and the databases' own clocks are untouched). Loaded with
// `--import` by `npm run test:dates` (scripts/run-tests.mjs), which runs the date-sensitive files on the dates
// listed in scripts/date-sensitive-tests.mjs; node:test passes the flag on to every test file's process.
const at = process.env.SAATHI_TEST_CLOCK;
if (at) {
  const start = Date.parse(at);
  if (Number.isNaN(start)) throw new Error(`SAATHI_TEST_CLOCK must be an ISO date-time, got "${at}"`);
  const RealDate = Date;
  const offset = start - RealDate.now();
  const now = () => RealDate.now() + offset;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => (args.length === 0 ? Reflect.construct(target, [now()], newTarget) : Reflect.construct(target, args, newTarget)),
    apply: () => new RealDate(now()).toString(),
    get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
  });
}
