// Where a route's CPU time goes, from a V8 CPU profile of the server (node --cpu-prof) and the windows in which
// the bench measured each route: per route, the functions that took the most time themselves, and the app's own
// functions (server/, contracts/) by the time spent in them and everything they called. Both processes' clocks are
// the system's monotonic clock (V8's profile timestamps and process.hrtime), so a window recorded by the bench
// selects the server's samples of that route.
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A route's measurement, in microseconds of the monotonic clock. */
export interface Window {
  key: string;
  start: number;
  end: number;
}

export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

const ROOT = path.resolve(import.meta.dirname, '..');

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.replace(/^file:\/\//, '');
  const where = file.startsWith(ROOT) ? path.relative(ROOT, file) : file.includes('node_modules/') ? file.slice(file.lastIndexOf('node_modules/') + 13) : path.basename(file);
  return `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : ''}`.trim();
}

const own = (node: ProfileNode) => /\/(server|contracts)\//.test(node.callFrame.url) && !node.callFrame.url.includes('node_modules');

/** The report for each window: top self time, and the app's functions by inclusive time. */
export function analyse(file: string, windows: Window[], top = 18): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const out: string[] = [];
  for (const w of windows) {
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    let total = 0;
    let t = profile.startTime;
    for (let i = 0; i < profile.samples.length; i++) {
      t += profile.timeDeltas[i];
      if (t < w.start || t > w.end) continue;
      const node = byId.get(profile.samples[i]) as ProfileNode;
      const name = frameName(node);
      if (name.startsWith('(idle)')) continue;
      total++;
      self.set(name, (self.get(name) ?? 0) + 1);
      const seen = new Set<string>();
      for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
        const n = byId.get(id) as ProfileNode;
        if (!own(n)) continue;
        const key = frameName(n);
        if (seen.has(key)) continue;
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + 1);
      }
    }
    if (total === 0) continue;
    const pct = (n: number) => `${((100 * n) / total).toFixed(1).padStart(5)} %`;
    out.push(`\n── ${w.key}: ${total} busy samples`);
    out.push('  self time');
    for (const [name, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) out.push(`    ${pct(n)}  ${name}`);
    out.push('  the app\'s functions, with what they call');
    for (const [name, n] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) out.push(`    ${pct(n)}  ${name}`);
  }
  return out.join('\n');
}

/** The newest .cpuprofile in `dir` (the server writes one when it exits). */
export function newestProfile(dir: string): string | null {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')) : [];
  if (files.length === 0) return null;
  return path.join(dir, files.sort((a, b) => fs.statSync(path.join(dir, b)).mtimeMs - fs.statSync(path.join(dir, a)).mtimeMs)[0]);
}
