// The member app's start, task by task: one cold load of a screen at 4× CPU throttling (as Lighthouse's phone),
// traced, with a CPU profile. Prints each main-thread task over 50 ms with the functions that took its time and the
// browser's own work in it (layout, style, module evaluation), then the blocking time after the first paint.
//
//   npm run bench:start-tasks -- BASE PATH [RUNS]      e.g. npm run bench:start-tasks -- http://localhost:3000 /search 3
//
// Signs in as the demo member (SIGNED_OUT=1: as a visitor) and, as a returning phone, holds the reader cookie the
// app writes (contracts/reader.ts). Build with SAATHI_MINIFY=0 to read function names. Traces of a shared machine
// vary by 2× from run to run: compare builds alternately, several runs each.
import { chromium } from 'playwright-core';
import { READER_COOKIE, readerCookieValue } from '../contracts/reader';
import { signIn } from './sign-in';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

const [base, pathname, runsArg = '1'] = process.argv.slice(2);
if (!base || !pathname) {
  console.error('usage: npm run bench:start-tasks -- BASE PATH [RUNS]');
  process.exit(2);
}
const LONG_TASK_US = 50_000;

/** Self time per function among the profile's samples within [from, to] (µs), largest first. */
function selfTimes(profile: CpuProfile, sampleTimes: number[], from: number, to: number): Array<[string, number]> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    if (sampleTimes[i] < from || sampleTimes[i] > to) continue;
    const node = byId.get(profile.samples[i]);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    total++;
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([key, n]): [string, number] => [key, (n / Math.max(total, 1)) * ((to - from) / 1000)]);
}

const cookies = process.env.SIGNED_OUT ? [] : await signIn(base);
const host = new URL(base).hostname;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const blocking: number[] = [];
for (let run = 0; run < Number(runsArg); run++) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  await context.addCookies(cookies.map((c) => ({ ...c, domain: host, path: '/' })));
  const probe = await context.newPage();
  await probe.goto(`${base}/api/health`);
  const reader = await probe.evaluate(() => {
    const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
    return { locale, timeZone };
  });
  await probe.close();
  await context.addCookies([{ name: READER_COOKIE, value: readerCookieValue(reader), domain: host, path: '/' }]);
  await context.addInitScript(() => window.localStorage.setItem('hasSeenSplash', 'true'));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'] });
  await cdp.send('Profiler.start');
  await page.goto(`${base}${pathname}`, { waitUntil: 'load' });
  // Long enough for work started after the first screen (a tab's code loaded on a timer); START_TASKS_WAIT_MS sets it.
  await page.waitForTimeout(Number(process.env.START_TASKS_WAIT_MS ?? 2500));
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  const events: TraceEvent[] = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();

  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const onMain = (e: TraceEvent) => mains.has(`${e.pid}:${e.tid}`);
  const start = Math.min(...events.filter((e) => e.name === 'navigationStart').map((e) => e.ts));
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  const sampleTimes: number[] = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) sampleTimes.push((t += delta));
  let blocked = 0;
  console.log(`\n${pathname}, run ${run + 1}: first contentful paint at ${fcp ? ((fcp.ts - start) / 1000).toFixed(0) : '?'} ms`);
  for (const task of events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > LONG_TASK_US && onMain(e))) {
    const dur = task.dur ?? 0;
    const afterPaint = fcp && task.ts >= fcp.ts;
    if (afterPaint) blocked += dur / 1000 - 50;
    const inside = new Map<string, number>();
    for (const e of events) {
      if (e.ph !== 'X' || e === task || e.name === 'RunTask' || !onMain(e) || e.ts < task.ts || e.ts + (e.dur ?? 0) > task.ts + dur) continue;
      inside.set(e.name, (inside.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const top = selfTimes(profile, sampleTimes, task.ts, task.ts + dur).slice(0, 4).map(([key, ms]) => `${ms.toFixed(0)} ${key}`);
    const browserWork = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([name, ms]) => `${name} ${ms.toFixed(0)}`);
    console.log(`  ${((task.ts - start) / 1000).toFixed(0)} ms, ${(dur / 1000).toFixed(0)} ms${afterPaint ? '' : ' (before the paint)'}: ${top.join(' | ')}`);
    console.log(`      ${browserWork.join(', ')}`);
  }
  console.log(`  blocking after the first paint: ${blocked.toFixed(0)} ms`);
  blocking.push(Math.round(blocked));
}
console.log(`\nblocking time per run (ms): ${blocking.join(' ')}`);
await browser.close();
