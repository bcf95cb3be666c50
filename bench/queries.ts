// npm run bench:queries: where a route's time goes besides the CPU profile. The app runs in this process on the
// bench's seeded database (npm run bench seeds it), and each route of the bench is sent one request at a time by
// the same members with the same kind of requests; for each route it prints the database statements a request
// runs (on SQLite every statement the driver runs, the session's read and the engine's catch-up included; on
// PostgreSQL those knex builds), the JSON answer's size, and the time a request takes alone.
//
//   npm run bench:queries                               SQLite, 100,000 members, every route
//   npm run bench:queries -- --db postgres --profiles 1000000
//   BENCH_ROUTES=profile,kundali npm run bench:queries  only these routes
//   BENCH_QUERIES_SQL=1                                 also print each route's statements: how many a request, ms each
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DEMO_MEMBER_PASSWORD } from '../fixtures/demo-seed';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDb } from '../server/db';
import { filterQueries, prepareMembers, searchTexts, viewableProfiles } from './bench-data';
import { type BenchMember, type BenchRoute, type RouteInputs, memberRoutes, searchRoutes } from './bench-routes';

const REQUESTS = Number(process.env.BENCH_QUERIES_REQUESTS ?? 80);
const ONLY = process.env.BENCH_ROUTES ? new Set(process.env.BENCH_ROUTES.split(',').map((s) => s.trim())) : null;
const flag = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const dbKind = flag('--db') ?? 'sqlite';
const profiles = Number(flag('--profiles') ?? 100_000);
const cache = process.env.BENCH_CACHE ?? path.join(os.tmpdir(), 'saathi-bench-seed');
const dataDir = dbKind === 'sqlite' ? path.join(cache, `sqlite-${profiles}`) : fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-queries-'));
const databaseUrl = dbKind === 'sqlite' ? null : (() => {
  const url = new URL(process.env.BENCH_PG_ADMIN_URL ?? 'postgres://saathi:saathi@127.0.0.1:5432/postgres');
  url.pathname = `/saathi_bench_${profiles}`;
  return url.toString();
})();
if (dbKind === 'sqlite' && !fs.existsSync(path.join(dataDir, '.seeded'))) throw new Error(`no seeded database in ${dataDir}: run npm run bench first`);

const config = loadConfig({
  dataDir, databaseUrl, dbClient: databaseUrl ? 'pg' : 'better-sqlite3', demoMode: true, logRequests: false,
  sessionKeys: ['bench-session-key-0123456789abcdef0123456789'],
  rateLimits: { login: { max: 1000, windowMs: 60_000 }, register: { max: 10, windowMs: 60_000 }, passwordReset: { max: 10, windowMs: 60_000 }, contact: { max: 10, windowMs: 60_000 } },
});
const db = createDb(config);
const rows = await prepareMembers(db, 40);
const profileIds = await viewableProfiles(db, 4000);
const withMoon = async (column: 'userId' | 'id', ids: number[]) =>
  new Set((await db('profiles').whereIn(column, ids).where('isDeleted', false).where('moonLongitude', '>=', 0).select(column)).map((r) => Number(r[column])));
const membersWithMoon = await withMoon('userId', rows.map((m) => m.userId));
const profilesWithMoon = await withMoon('id', profileIds);

const app = createApp(config, db, { log: () => {} });
await app.context.services.live.start();
await app.context.services.engine.start();
const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
  const s = app.listen(0, '127.0.0.1', () => resolve(s));
});
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const members: BenchMember[] = [];
for (const m of rows) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { Origin: url, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: m.username, password: m.username === 'demo' ? 'demo-pass-2026' : DEMO_MEMBER_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${m.username} failed: ${res.status}`);
  members.push({ ...m, cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') });
}

/** The statements of the request under way, with the time SQLite took for each (0 on PostgreSQL: not timed). */
let statements: Array<{ sql: string; ms: number }> = [];
if (databaseUrl) db.on('query', (q: { sql: string }) => statements.push({ sql: q.sql, ms: 0 }));
else {
  // Every statement better-sqlite3 runs, prepared by knex or read straight (readRows).
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<'all' | 'get' | 'run' | 'iterate', (...args: unknown[]) => unknown>;
  probe.close();
  for (const method of ['all', 'get', 'run', 'iterate'] as const) {
    const original = proto[method];
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      const started = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        statements.push({ sql: this.source, ms: performance.now() - started });
      }
    };
  }
}

const inputs: RouteInputs = {
  url, members, profileIds, texts: await searchTexts(db), filters: await filterQueries(db),
  chartProfileIds: profileIds.filter((id) => profilesWithMoon.has(id)),
  chartMembers: members.map((m, i) => (membersWithMoon.has(m.userId) ? i : -1)).filter((i) => i >= 0),
};
console.log(`${dbKind}, ${profiles.toLocaleString()} members: ${REQUESTS} requests a route, one at a time`);
console.log('route                             statements/request   JSON bytes   ms/request (alone)   SQLite ms/req');
const baseline: BenchRoute = { key: 'baseline', route: 'GET /api/health (baseline)', shots: members.map((_, i) => ({ member: i, path: '/api/health' })) };
for (const route of [baseline, ...searchRoutes(inputs), ...memberRoutes(inputs)]) {
  if (ONLY && route.key !== 'baseline' && !ONLY.has(route.key)) continue;
  const shots = typeof route.shots === 'function' ? await route.shots() : route.shots;
  let bytes = 0;
  let count = 0;
  let ms = 0;
  const bySql = new Map<string, { n: number; ms: number }>();
  for (let i = 0; i < Math.min(REQUESTS, shots.length * 4); i++) {
    const shot = shots[(i * 7919) % shots.length];
    const headers: Record<string, string> = { cookie: members[shot.member].cookie, accept: 'application/json' };
    if (shot.method === 'POST') Object.assign(headers, { 'content-type': 'application/json', origin: url });
    statements = [];
    const started = performance.now();
    const res = await fetch(url + shot.path, { method: shot.method ?? 'GET', headers, body: shot.body });
    const body = await res.arrayBuffer();
    ms += performance.now() - started;
    // What the answer does after it is sent (a push, a job) is not the request's.
    await new Promise((r) => setTimeout(r, 5));
    if (!res.ok) throw new Error(`${route.key}: ${shot.path} answered ${res.status} ${Buffer.from(body).toString()}`);
    bytes += body.byteLength;
    count += statements.length;
    for (const { sql, ms: took } of statements) {
      const entry = bySql.get(sql) ?? { n: 0, ms: 0 };
      entry.n++;
      entry.ms += took;
      bySql.set(sql, entry);
    }
  }
  const n = Math.min(REQUESTS, shots.length * 4);
  const sqlMs = [...bySql.values()].reduce((sum, e) => sum + e.ms, 0);
  console.log(`${route.route.padEnd(33)} ${(count / n).toFixed(1).padStart(18)} ${Math.round(bytes / n).toString().padStart(12)} ${(ms / n).toFixed(2).padStart(20)} ${(sqlMs / n).toFixed(2).padStart(14)}`);
  if (process.env.BENCH_QUERIES_SQL === '1') {
    for (const [sql, e] of [...bySql].sort((a, b) => b[1].ms - a[1].ms)) console.log(`    ${(e.n / n).toFixed(2)} × ${(e.ms / e.n).toFixed(3)} ms  ${sql.replace(/\s+/g, ' ').slice(0, 200)}`);
  }
}
server.close();
app.context.services.engine.close();
await app.context.services.live.close();
await db.destroy();
