// npm run bench: seeds 100,000 profiles into a fresh SQLite database, builds the product into a temporary dist,
// starts the bundled server in its own process, signs in several members and measures, with autocannon on
// loopback, a trivial JSON route (the baseline) and the member routes of issue 9 at 32 connections. Then
// Lighthouse on the same server when the member app is built (bench/lighthouse.ts).
//
// Environment (all optional):
//   BENCH_PROFILES=100000     profiles to seed          BENCH_SECONDS=10        seconds per route
//   BENCH_CONNECTIONS=32      autocannon connections    BENCH_MEMBERS=40        signed-in members rotated
//   BENCH_ROUTES=search,daily only these route keys (the baseline always runs; keys in ROUTES below)
//   BENCH_SEEDED_DIR=<dir>    copy this already seeded data directory instead of seeding (no seeding time)
//   BENCH_SERVER=tsx          run cli/index.ts through tsx instead of building the bundle (no Lighthouse)
//   BENCH_BUILD=0             reuse the bundle already built in BENCH_DIST (default /tmp/saathi-bench-dist)
//   BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"   extra node flags for the server process
//   BENCH_MEMORY_FLAGS="…"    the server's V8 heap flags (default below; empty for Node's defaults)
//   BENCH_LIGHTHOUSE=0        skip Lighthouse
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Knex } from 'knex';
import { DEMO_MEMBER_PASSWORD, seedDemo } from '../fixtures/demo-seed';
import { createDb, migrateLatest } from '../server/db';
import { freePort } from '../scripts/lib/free-port';

const ROOT = path.resolve(import.meta.dirname, '..');
const PROFILES = Number(process.env.BENCH_PROFILES ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const MEMBERS = Math.max(2, Number(process.env.BENCH_MEMBERS ?? 40));
const ONLY = process.env.BENCH_ROUTES ? new Set(process.env.BENCH_ROUTES.split(',').map((s) => s.trim())) : null;
const SERVER_MODE = process.env.BENCH_SERVER === 'tsx' ? 'tsx' : 'bundle';
/**
 * V8 heap flags the server runs with here, as recommended for small machines (README, "Performance"): a 2 MB
 * young generation instead of 16 MB semi-spaces, and a 192 MB old generation. Without them the server's RSS
 * settles around 340–360 MB after this benchmark (V8 grows its heap lazily); BENCH_MEMORY_FLAGS="" measures that.
 */
const MEMORY_FLAGS = (process.env.BENCH_MEMORY_FLAGS ?? '--max-semi-space-size=2 --max-old-space-size=192').split(' ').filter(Boolean);
const NODE_ARGS = [...MEMORY_FLAGS, ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];

/** Issue 9's targets for this 2-core machine. */
export const TARGETS = { searchP95Ms: 30, minRatio: 1 / 3, memoryMb: 250, seedSeconds: 60 } as const;

function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** CPU time (user + system, seconds) the process has used so far, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function loadAverage(): string {
  return os.loadavg().map((l) => l.toFixed(2)).join(' ');
}

interface RouteResult {
  key: string;
  route: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
  non2xx: number;
  /** server CPU milliseconds per request over the measurement */
  serverCpuMsPerRequest: number;
  ratioToBaseline?: number;
}

/** One request of a route: which member's session sends it, and what. */
interface Shot {
  member: number;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
}

interface BenchMember {
  userId: number;
  username: string;
  gender: string;
  partnerId: number;
  cookie: string;
}

async function measure(url: string, key: string, route: string, shots: Shot[], members: BenchMember[], serverPid: number, origin: string): Promise<RouteResult> {
  let i = 0;
  // Let the server finish what the previous run left in flight before counting this route's CPU time.
  await new Promise((r) => setTimeout(r, 1500));
  const cpuBefore = cpuSeconds(serverPid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        setupRequest: (req) => {
          const shot = shots[i++ % shots.length];
          const headers: Record<string, string> = { cookie: members[shot.member].cookie, accept: 'application/json' };
          if (shot.method === 'POST') Object.assign(headers, { 'content-type': 'application/json', origin });
          return { ...req, method: shot.method ?? 'GET', path: shot.path, headers, body: shot.body };
        },
      },
    ],
  });
  const cpu = cpuSeconds(serverPid) - cpuBefore;
  const latency = result.latency as unknown as Record<string, number>;
  const total = result.requests.total;
  return {
    key,
    route,
    p50: latency.p50,
    // autocannon's histogram keeps p90, p97.5 and p99 among others; p95 is read when present.
    p95: latency.p95 ?? latency.p97_5,
    p99: latency.p99,
    rps: Math.round(result.requests.average),
    requests: total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    serverCpuMsPerRequest: total ? Math.round((cpu * 1000 * 100) / total) / 100 : 0,
  };
}

/**
 * Bench members: premium and elite members (no monthly message cap) with a live, visible profile who accept
 * messages, half women and half men, spread over the whole id range, the demo member first. Each is matched
 * with a partner of the other group (likes both ways, a match, a short conversation), so message sends are
 * allowed and conversation lists have content.
 */
async function prepareMembers(db: Knex, count: number): Promise<Array<Omit<BenchMember, 'cookie'>>> {
  const rows = (await db('users as u')
    .join('profiles as p', (j) => j.on('p.userId', 'u.id').andOn('p.isDeleted', db.raw('?', [false])))
    .join('privacy_settings as ps', 'ps.userId', 'u.id')
    .where({ 'u.role': 'member', 'u.status': 'active', 'u.isDeleted': false, 'u.totpEnabled': false })
    .whereIn('u.subscriptionTier', ['premium', 'elite'])
    .where('u.subscriptionEnds', '>', Date.now())
    .where({ 'ps.profileVisibility': 'all', 'ps.allowMessagesFrom': 'all' })
    .orderByRaw('(u.id * 7919) % 100003')
    .select('u.id', 'u.usernameLower as username', 'p.gender', 'p.id as profileId')) as Array<{ id: number; username: string; gender: string; profileId: number }>;
  const demo = rows.find((r) => r.username === 'demo');
  const women = rows.filter((r) => r.gender === 'female' && r !== demo);
  const men = rows.filter((r) => r.gender === 'male');
  if (demo) women.unshift(demo);
  const pairs = Math.floor(count / 2);
  if (women.length < pairs || men.length < pairs) throw new Error('not enough premium members to bench with');
  const now = Date.now();
  const out: Array<Omit<BenchMember, 'cookie'>> = [];
  await db.transaction(async (trx) => {
    for (let i = 0; i < pairs; i++) {
      const [a, b] = [women[i], men[i]];
      const [user1Id, user2Id] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
      await trx('profile_likes').insert({ userId: a.id, likedProfileId: b.profileId, createdAt: now - 3_600_000 }).onConflict(['userId', 'likedProfileId']).ignore();
      await trx('profile_likes').insert({ userId: b.id, likedProfileId: a.profileId, createdAt: now - 3_500_000 }).onConflict(['userId', 'likedProfileId']).ignore();
      await trx('matches').insert({ user1Id, user2Id, createdAt: now - 3_500_000 }).onConflict(['user1Id', 'user2Id']).ignore();
      for (let m = 0; m < 4; m++) {
        const [from, to] = m % 2 === 0 ? [a, b] : [b, a];
        await trx('messages').insert({ senderId: from.id, receiverId: to.id, content: `Hello from the bench (${m + 1})`, isRead: true, readAt: now, createdAt: now - 3_000_000 + m * 60_000 });
      }
      out.push({ userId: a.id, username: a.username, gender: a.gender, partnerId: b.id });
      out.push({ userId: b.id, username: b.username, gender: b.gender, partnerId: a.id });
    }
  });
  return out;
}

/** Profiles members open: live, visible to everyone, owners active; spread over the id range. */
async function viewableProfiles(db: Knex, limit: number): Promise<number[]> {
  const rows = await db('profiles as p')
    .join('users as u', 'u.id', 'p.userId')
    .join('privacy_settings as ps', 'ps.userId', 'u.id')
    .where({ 'p.isDeleted': false, 'u.isDeleted': false, 'u.status': 'active', 'u.role': 'member', 'ps.profileVisibility': 'all' })
    .orderByRaw('(p.id * 104729) % 100019')
    .limit(limit)
    .select('p.id');
  return rows.map((r) => Number(r.id));
}

async function signIn(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { Origin: url, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const PROFESSIONS = [
  'software engineer', 'doctor', 'pharmacist', 'data scientist', 'chartered accountant', 'nurse', 'product manager',
  'lawyer', 'dentist', 'professor', 'architect', 'financial analyst', 'investment banker', 'management consultant',
  'civil engineer', 'research scientist', 'marketing manager', 'physiotherapist', 'entrepreneur', 'business analyst',
];

/** Search texts as members type them: the cities members live in (from the data) and professions. */
async function searchTexts(db: Knex): Promise<string[]> {
  const cities = (await db('profiles').whereNotNull('city').groupBy('city').orderByRaw('count(*) desc').limit(70).select('city')).map((r) => String(r.city).toLowerCase());
  return [...cities, ...PROFESSIONS];
}

/** Filter combinations: countries (from the data) × age bands. */
async function filterQueries(db: Knex): Promise<string[]> {
  const countries = (await db('profiles').groupBy('country').orderByRaw('count(*) desc').limit(16).select('country')).map((r) => String(r.country));
  const bands = [[24, 30], [26, 32], [28, 34], [30, 36], [25, 35], [32, 40]];
  const out: string[] = [];
  for (const [i, c] of countries.entries()) {
    for (const [lo, hi] of bands) out.push(`locations=${encodeURIComponent(c)}${i % 2 ? `,${encodeURIComponent(countries[(i + 3) % countries.length])}` : ''}&minAge=${lo}&maxAge=${hi}`);
  }
  return out;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-bench-'));
  const seededDir = process.env.BENCH_SEEDED_DIR;
  let seedSeconds: number | null = null;
  if (seededDir) {
    console.log(`Copying the seeded data in ${seededDir} (seeding not measured) …`);
    fs.cpSync(seededDir, dataDir, { recursive: true });
  } else {
    console.log(`Seeding ${PROFILES.toLocaleString()} profiles into ${dataDir} …`);
    const db = createDb({ dataDir, databaseUrl: null, dbClient: 'better-sqlite3' });
    await migrateLatest(db);
    const seedStart = performance.now();
    await seedDemo(db, { dataDir, profiles: PROFILES, seed: 2026, scryptCost: 16384, photos: 50 });
    seedSeconds = (performance.now() - seedStart) / 1000;
    await db.destroy();
    console.log(`seeded in ${seedSeconds.toFixed(1)} s (load average ${loadAverage()})`);
  }

  // Bench fixtures, written before the server starts: matched pairs and the profiles to open.
  const db = createDb({ dataDir, databaseUrl: null, dbClient: 'better-sqlite3' });
  await migrateLatest(db);
  const prepared = await prepareMembers(db, MEMBERS);
  const profileIds = await viewableProfiles(db, 4000);
  const texts = await searchTexts(db);
  const filters = await filterQueries(db);
  await db.destroy();

  let entry = path.join(ROOT, 'cli/index.ts');
  let args = ['--import', 'tsx'];
  let distDir: string | null = null;
  if (SERVER_MODE === 'bundle') {
    distDir = process.env.BENCH_DIST ?? path.join(os.tmpdir(), 'saathi-bench-dist');
    if (process.env.BENCH_BUILD === '0' && fs.existsSync(path.join(distDir, 'saathi.mjs'))) {
      console.log(`using the build in ${distDir}`);
    } else {
      console.log(`building into ${distDir} …`);
      const build = spawnSync(process.execPath, [path.join(ROOT, 'build.mjs')], { cwd: ROOT, env: { ...process.env, SAATHI_DIST: distDir }, stdio: ['ignore', 'ignore', 'inherit'] });
      if (build.status !== 0) throw new Error('build failed');
    }
    entry = path.join(distDir, 'saathi.mjs');
    args = [];
  }

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...NODE_ARGS, ...args, entry, 'serve'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_REQUESTS: 'false', DATABASE_URL: '', DEMO_MODE: 'true',
      // Signing in the bench members is set-up, not load: the per-IP sign-in limit would stop at 50.
      RATE_LIMIT_LOGIN: String(Math.max(10, MEMBERS * 2)),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const serverPid = child.pid as number;
  try {
    for (let tries = 0; ; tries++) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        /* starting */
      }
      if (tries > 300) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const members: BenchMember[] = [];
    for (const m of prepared) {
      members.push({ ...m, cookie: await signIn(url, m.username, m.username === 'demo' ? 'demo-pass-2026' : DEMO_MEMBER_PASSWORD) });
    }
    const idOf = new Map(members.map((m, i) => [m.userId, i]));
    console.log(`${members.length} members signed in (load average ${loadAverage()})`);

    // Request lists: member × variant, interleaved so consecutive requests come from different sessions.
    const grid = <T>(variants: T[], make: (member: number, variant: T, n: number) => Shot, rounds = 4): Shot[] => {
      const shots: Shot[] = [];
      const n = variants.length * members.length * rounds;
      for (let k = 0; k < n; k++) shots.push(make(k % members.length, variants[Math.floor(k / members.length) % variants.length], k));
      return shots;
    };
    // Every (member, search) pair once in the order sent: a run of 10 s does not get through them, so these
    // are first-time searches (the ranking cache does not help), the costly case.
    const textShots = [
      ...grid(texts, (m, q) => ({ member: m, path: `/api/search?query=${encodeURIComponent(q)}` }), 1),
      ...grid(texts, (m, q) => ({ member: m, path: `/api/search?query=${encodeURIComponent(q)}&minAge=24` }), 1),
    ];
    const filterShots = [
      ...grid(filters, (m, f) => ({ member: m, path: `/api/search?${f}` }), 1),
      ...grid(filters, (m, f) => ({ member: m, path: `/api/search?${f}&profileType=self` }), 1),
    ];
    // Second pages: each member's first page of a search gives the cursor (the member paging on); these
    // searches (text with the self-profile filter) are not among the first-time ones above. Fetched just
    // before the run, as a member pages on within a minute.
    const pageTwoShots = async (): Promise<Shot[]> => {
      const shots: Shot[] = [];
      for (const shot of grid(texts.slice(0, 8), (m, q) => ({ member: m, path: `/api/search?query=${encodeURIComponent(q)}&profileType=self` }), 1)) {
        const res = await fetch(url + shot.path, { headers: { cookie: members[shot.member].cookie, accept: 'application/json' } });
        await res.arrayBuffer();
        const cursor = res.headers.get('x-next-cursor');
        if (cursor) shots.push({ member: shot.member, path: `${shot.path}&cursor=${encodeURIComponent(cursor)}` });
      }
      return shots;
    };
    // Profile views: some profiles are much more visited than others (index = 4000 × u², u uniform), and each
    // member opens a different sequence.
    const viewShots: Shot[] = [];
    let seed = 2026;
    for (let k = 0; k < 20_000; k++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const u = seed / 2 ** 32;
      viewShots.push({ member: k % members.length, path: `/api/profiles/${profileIds[Math.floor(profileIds.length * u * u)]}` });
    }
    const conversationShots = members.map((m, i) => ({ member: i, path: `/api/messages/${m.userId}` }));
    const sendShots = grid(
      ['Are you free for a call this weekend?', 'That sounds lovely, tell me more!', 'My parents would like to speak with yours.', 'Good morning 🙂'],
      (m, text, n) => ({ member: m, method: 'POST', path: '/api/messages', body: JSON.stringify({ receiverId: members[idOf.get(members[m].partnerId) as number].userId, content: `${text} (${n})` }) }),
    );

    const routes: Array<{ key: string; route: string; shots: Shot[] | (() => Promise<Shot[]>) }> = [
      { key: 'search', route: 'GET /api/search?query=…', shots: textShots },
      { key: 'search-filters', route: 'GET /api/search (filters)', shots: filterShots },
      { key: 'search-page2', route: 'GET /api/search (2nd page)', shots: pageTwoShots },
      { key: 'daily', route: 'GET /api/matches/daily', shots: members.map((_, i) => ({ member: i, path: '/api/matches/daily' })) },
      { key: 'profile', route: 'GET /api/profiles/:id', shots: viewShots },
      { key: 'conversations', route: 'GET /api/messages/:userId', shots: conversationShots },
      { key: 'send', route: 'POST /api/messages', shots: sendShots },
    ];
    const baselineShots = members.map((_, i) => ({ member: i, path: '/api/health' }));
    const results: RouteResult[] = [];
    console.log(`measuring: ${CONNECTIONS} connections, ${DURATION} s per route …`);
    results.push(await measure(url, 'baseline', 'GET /api/health (baseline)', baselineShots, members, serverPid, url));
    for (const r of routes) {
      if (ONLY && !ONLY.has(r.key)) continue;
      const shots = typeof r.shots === 'function' ? await r.shots() : r.shots;
      if (shots.length === 0) throw new Error(`no requests prepared for ${r.key}`);
      results.push(await measure(url, r.key, r.route, shots, members, serverPid, url));
    }
    const baseline = results[0].rps;
    for (const r of results) r.ratioToBaseline = Math.round((r.rps / baseline) * 100) / 100;
    const memoryMb = procStatusMb(serverPid, 'VmRSS');
    const peakMemoryMb = procStatusMb(serverPid, 'VmHWM');
    const load = loadAverage();

    console.log(`\n${PROFILES.toLocaleString()} profiles, ${members.length} signed-in members, ${CONNECTIONS} connections, ${DURATION} s per route, ${os.cpus().length} cores, load average after ${load}`);
    console.log('route                          p50 ms  p95 ms  p99 ms    req/s  × baseline  CPU ms/req  non-2xx/errors');
    for (const r of results) {
      console.log(
        `${r.route.padEnd(30)} ${String(r.p50).padStart(6)} ${String(r.p95).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.rps).padStart(8)} ${r.ratioToBaseline?.toFixed(2).padStart(11)} ${r.serverCpuMsPerRequest.toFixed(2).padStart(11)} ${String(r.non2xx + r.errors).padStart(15)}`,
      );
    }
    console.log(`server memory (RSS) after the run: ${memoryMb} MB (peak ${peakMemoryMb} MB, node flags: ${MEMORY_FLAGS.join(' ') || 'none'}); seeding: ${seedSeconds === null ? 'not measured' : `${seedSeconds.toFixed(1)} s`}`);

    const misses: string[] = [];
    for (const r of results.filter((x) => x.key.startsWith('search'))) {
      if (r.p95 >= TARGETS.searchP95Ms) misses.push(`${r.route}: p95 ${r.p95} ms ≥ ${TARGETS.searchP95Ms} ms`);
    }
    for (const r of results.slice(1)) {
      if ((r.ratioToBaseline ?? 0) < TARGETS.minRatio) misses.push(`${r.route}: ${r.ratioToBaseline?.toFixed(2)} × baseline < 1/3`);
      if (r.non2xx + r.errors > 0) misses.push(`${r.route}: ${r.non2xx} non-2xx answers and ${r.errors} errors`);
    }
    if (memoryMb >= TARGETS.memoryMb) misses.push(`server RSS ${memoryMb} MB ≥ ${TARGETS.memoryMb} MB`);
    if (seedSeconds !== null && seedSeconds >= TARGETS.seedSeconds) misses.push(`seeding ${seedSeconds.toFixed(1)} s ≥ ${TARGETS.seedSeconds} s`);
    console.log(misses.length ? `targets missed:\n  ${misses.join('\n  ')}` : 'all targets met');

    // Lighthouse on the same server (the bundle serves the member app), when bench/lighthouse.ts is there.
    let lighthouse: unknown = null;
    const lighthouseModule = path.join(ROOT, 'bench/lighthouse.ts');
    if (distDir && process.env.BENCH_LIGHTHOUSE !== '0' && fs.existsSync(lighthouseModule)) {
      const mod = (await import(lighthouseModule)) as {
        runLighthouse?: (baseUrl: string) => Promise<unknown[]>;
        formatLighthouseTable?: (results: unknown[]) => string;
        lighthouseMisses?: (results: unknown[]) => string[];
      };
      if (typeof mod.runLighthouse === 'function') {
        console.log('\nLighthouse (mobile, simulated throttling) …');
        try {
          const scores = await mod.runLighthouse(url);
          lighthouse = scores;
          console.log(mod.formatLighthouseTable ? mod.formatLighthouseTable(scores) : JSON.stringify(scores, null, 2));
          const lhMisses = mod.lighthouseMisses?.(scores) ?? [];
          if (lhMisses.length) console.log(`Lighthouse targets missed:\n  ${lhMisses.join('\n  ')}`);
        } catch (error) {
          lighthouse = { error: (error as Error).message };
          console.log(`Lighthouse failed: ${(error as Error).message}`);
        }
      }
    }

    const out = path.join(ROOT, 'bench-results.json');
    fs.writeFileSync(
      out,
      `${JSON.stringify(
        {
          date: new Date().toISOString(), profiles: PROFILES, members: members.length, connections: CONNECTIONS, seconds: DURATION,
          cores: os.cpus().length, loadAverageAfter: load, server: SERVER_MODE, serverNodeFlags: NODE_ARGS, seedSeconds, memoryMb, peakMemoryMb,
          targets: TARGETS, misses, results, lighthouse,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`results written to ${path.relative(ROOT, out)}`);
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
