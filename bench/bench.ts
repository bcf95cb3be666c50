// npm run bench: seeds 100,000 profiles into a fresh SQLite database, starts Saathi in its own process, and
// measures routes with autocannon on loopback against a trivial JSON route measured in the same run.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { seedDemo } from '../fixtures/demo-seed';
import { createDb, migrateLatest } from '../server/db';

const ROOT = path.resolve(import.meta.dirname, '..');
const PROFILES = Number(process.env.BENCH_PROFILES ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

interface RouteResult {
  route: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
  non2xx: number;
  ratioToBaseline?: number;
}

async function measure(url: string, route: string, paths: string[], headers: Record<string, string>): Promise<RouteResult> {
  let i = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  // autocannon reports p97.5 and p99; p95 comes from the histogram percentiles it keeps.
  const latency = result.latency as unknown as Record<string, number>;
  return {
    route,
    p50: latency.p50,
    p95: latency.p95 ?? latency.p97_5,
    p99: latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-bench-'));
  console.log(`Seeding ${PROFILES.toLocaleString()} profiles into ${dataDir} …`);
  const db = createDb({ dataDir, databaseUrl: null, dbClient: 'better-sqlite3' });
  await migrateLatest(db);
  const seedStart = performance.now();
  await seedDemo(db, { dataDir, profiles: PROFILES, seed: 2026, scryptCost: 16384, photos: 50 });
  const seedSeconds = (performance.now() - seedStart) / 1000;
  await db.destroy();
  console.log(`seeded in ${seedSeconds.toFixed(1)} s`);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'cli/index.ts'), 'serve'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_REQUESTS: 'false', DATABASE_URL: '', DEMO_MODE: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let tries = 0; ; tries++) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        /* starting */
      }
      if (tries > 200) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { Origin: url, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'demo', password: 'demo-pass-2026' }),
    });
    if (!login.ok) throw new Error(`demo login failed: ${login.status}`);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const headers = { cookie, accept: 'application/json' };

    const queries = ['london', 'toronto', 'software engineer', 'doctor', 'dubai', 'singapore', 'patel', 'sydney', 'new jersey', 'pharmacist'];
    const results: RouteResult[] = [];
    results.push(await measure(url, 'GET /api/health (baseline)', ['/api/health'], headers));
    results.push(await measure(url, 'GET /api/search', queries.map((q) => `/api/search?query=${encodeURIComponent(q)}`), headers));
    results.push(await measure(url, 'GET /api/search (filters)', ['/api/search?locations=United%20Kingdom,Canada&minAge=25&maxAge=35'], headers));
    results.push(await measure(url, 'GET /api/matches/daily', ['/api/matches/daily'], headers));
    const baseline = results[0].rps;
    for (const r of results) r.ratioToBaseline = Math.round((r.rps / baseline) * 100) / 100;
    const memory = rssMb(child.pid as number);

    console.log(`\n${PROFILES.toLocaleString()} profiles, ${CONNECTIONS} connections, ${DURATION} s per route, ${os.cpus().length} cores`);
    console.log('route                                   p50 ms  p95 ms  p99 ms    req/s  × baseline  errors');
    for (const r of results) {
      console.log(
        `${r.route.padEnd(38)} ${String(r.p50).padStart(7)} ${String(r.p95).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.rps).padStart(8)} ${String(r.ratioToBaseline).padStart(11)} ${String(r.errors + r.non2xx).padStart(7)}`,
      );
    }
    console.log(`server memory (RSS) after the run: ${memory} MB; seeding: ${seedSeconds.toFixed(1)} s`);
    const out = path.join(ROOT, 'bench-results.json');
    fs.writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), profiles: PROFILES, connections: CONNECTIONS, seconds: DURATION, seedSeconds, memoryMb: memory, results }, null, 2));
    console.log(`results written to ${path.relative(ROOT, out)}`);
  } finally {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
